// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import type { FeeEstimatorBlock } from '../../renderer/generated/config-types.ts';
import { handOverTypedValues } from '../../renderer/islands/defer.ts';
import example from './example.json';
import FeeEstimator from './index.tsx';
import start from './script.ts';

const config = example as FeeEstimatorBlock;

/** The block as the build prerenders it: its HTML inside its island wrapper, its script started. */
function prerendered(): HTMLElement {
  const block = document.createElement('div');
  block.setAttribute('data-block', 'feeEstimator');
  block.setAttribute('data-island', '0');
  block.innerHTML = renderToString(<FeeEstimator {...config} />);
  document.body.append(block);
  start(block);
  return block;
}

const slider = (block: HTMLElement) => block.querySelector<HTMLInputElement>('input[type="range"]')!;
const shown = (block: HTMLElement) => [...block.querySelectorAll('dd')].map((dd) => dd.textContent);
/** The slider moved, as the browser reports a key press or a drag: the value, then an input event. */
const move = (block: HTMLElement, value: string) => {
  slider(block).value = value;
  slider(block).dispatchEvent(new Event('input', { bubbles: true }));
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('feeEstimator block script', () => {
  it.each([
    ['1', 'NGN 10,000,000', 'NGN 750,000'],
    ['50', 'NGN 253,000,000', 'NGN 18,975,000'],
    ['100', 'NGN 500,000,000', 'NGN 37,500,000'],
    ['0', 'NGN 5,000,000', 'NGN 375,000'],
  ])('at %s percent shows a cost of %s, a fee of %s and the cost as the value text', (value, cost, fee) => {
    const block = prerendered();
    move(block, '37');
    move(block, value);
    expect(shown(block)).toEqual([cost, fee]);
    expect(slider(block).getAttribute('aria-valuetext')).toBe(cost);
  });

  it('stops once React has the block', () => {
    const block = prerendered();
    block.setAttribute('data-live', '');
    move(block, '50');
    expect(shown(block)).toEqual(['NGN 5,000,000', 'NGN 375,000']);
  });

  it('React hydrates what the script changed without a mismatch and takes over from the value on screen', async () => {
    const block = prerendered();
    move(block, '50');
    const onRecoverableError = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(block, <FeeEstimator {...config} />, { onRecoverableError });
    });
    block.setAttribute('data-live', '');
    await act(async () => handOverTypedValues(block));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(shown(block)).toEqual(['NGN 253,000,000', 'NGN 18,975,000']);
    // A second move is React's.
    await act(async () => {
      const input = slider(block);
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '100');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(shown(block)).toEqual(['NGN 500,000,000', 'NGN 37,500,000']);
    expect(slider(block).getAttribute('aria-valuetext')).toBe('NGN 500,000,000');
  });
});
