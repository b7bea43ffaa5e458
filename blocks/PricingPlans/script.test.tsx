// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import type { PricingPlansBlock } from '../../renderer/generated/config-types.ts';
import { handOverTypedValues } from '../../renderer/islands/defer.ts';
import example from './example.json';
import PricingPlans from './index.tsx';
import start from './script.ts';

const config = example as PricingPlansBlock;
const tree = () => (
  <MemoryRouter>
    <PricingPlans {...config} />
  </MemoryRouter>
);

/** The block as the build prerenders it: its HTML inside its island wrapper, its script started. */
function prerendered(): HTMLElement {
  const block = document.createElement('div');
  block.setAttribute('data-block', 'pricingPlans');
  block.setAttribute('data-island', '0');
  block.innerHTML = renderToString(tree());
  document.body.append(block);
  start(block);
  return block;
}

const card = (block: HTMLElement, plan: string) => block.querySelector<HTMLElement>(`[data-plan="${plan}"]`)!;
/** The card's figures for a billing period, as a reader sees them (the currency and the figure). */
const figure = (block: HTMLElement, plan: string, period: string) =>
  card(block, plan).querySelector(`[data-period="${period}"] [data-price]`)!.closest('[data-period] > span')!.textContent!.replace(/\s+/g, ' ').trim();
const choose = (select: HTMLSelectElement, value: string) => {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
};
const usersOf = (block: HTMLElement, plan: string) => card(block, plan).querySelector('select')!;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('pricingPlans block script', () => {
  it('prerenders both billing periods in each priced card, the monthly one as the amount', () => {
    const block = prerendered();
    expect(figure(block, 'basic', 'monthly')).toBe('NGN 20,000');
    expect(figure(block, 'basic', 'annually')).toBe('NGN 204,000');
    expect(card(block, 'basic').querySelector('[data-testid="plan-amount"]')!.getAttribute('data-price')).toBe('monthly');
    expect(card(block, 'enterprise').querySelector('[data-period]')).toBeNull();
  });

  it("a user count's change reprices that card at once, both periods, and no other card", () => {
    const block = prerendered();
    choose(usersOf(block, 'pro'), '5');
    expect(figure(block, 'pro', 'monthly')).toBe('NGN 65,000');
    expect(figure(block, 'pro', 'annually')).toBe('NGN 663,000');
    expect(figure(block, 'basic', 'monthly')).toBe('NGN 20,000');
    choose(usersOf(block, 'basic'), '10');
    expect(figure(block, 'basic', 'monthly')).toBe('NGN 200,000');
    expect(figure(block, 'basic', 'annually')).toBe('NGN 2,040,000');
    expect(figure(block, 'pro', 'monthly')).toBe('NGN 65,000');
  });

  it('leaves the prices alone when a radio changes (the styles show the period) and once React has the block', () => {
    const block = prerendered();
    const annual = block.querySelector<HTMLInputElement>('input[value="annually"]')!;
    annual.checked = true;
    annual.dispatchEvent(new Event('change', { bubbles: true }));
    const choosePro = card(block, 'pro').querySelector<HTMLInputElement>('input[type="radio"]')!;
    choosePro.checked = true;
    choosePro.dispatchEvent(new Event('change', { bubbles: true }));
    expect(figure(block, 'pro', 'monthly')).toBe('NGN 45,000');
    expect(figure(block, 'pro', 'annually')).toBe('NGN 459,000');

    block.setAttribute('data-live', '');
    choose(usersOf(block, 'pro'), '6');
    expect(figure(block, 'pro', 'monthly')).toBe('NGN 45,000');
  });

  it('React hydrates what the script changed without a mismatch, and its state follows the page after the hand-over', async () => {
    const block = prerendered();
    choose(usersOf(block, 'pro'), '5');
    const annual = block.querySelector<HTMLInputElement>('input[value="annually"]')!;
    annual.checked = true;
    const onRecoverableError = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(block, tree(), { onRecoverableError });
    });
    block.setAttribute('data-live', '');
    await act(async () => handOverTypedValues(block));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    const amount = () => card(block, 'pro').querySelector('[data-testid="plan-amount"]')!;
    expect(amount().getAttribute('data-price')).toBe('annually');
    expect(amount().textContent).toBe('NGN 663,000');
    // A second change is React's, from the state the page showed.
    await act(async () => choose(usersOf(block, 'pro'), '10'));
    expect(amount().textContent).toBe('NGN 1,173,000');
    expect(figure(block, 'pro', 'monthly')).toBe('NGN 115,000');
  });
});
