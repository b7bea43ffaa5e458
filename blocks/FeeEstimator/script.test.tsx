// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { FeeEstimatorBlock } from '../../renderer/generated/config-types.ts';
import example from './example.json';
import FeeEstimator from './index.tsx';
import start from './script.ts';

const config = example as FeeEstimatorBlock;

/** The block as the build prerenders it (a static block: no React): its HTML in its wrapper, its script started. */
function prerendered(): HTMLElement {
  const block = document.createElement('div');
  block.setAttribute('data-block', 'feeEstimator');
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

  it('where React renders the block too (the dev server, the editor preview), both show the same figures', () => {
    const block = document.createElement('div');
    block.setAttribute('data-block', 'feeEstimator');
    document.body.append(block);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<FeeEstimator {...config} />, { container: block });
    start(block);
    fireEvent.input(slider(block), { target: { value: '50' } });
    expect(shown(block)).toEqual(['NGN 253,000,000', 'NGN 18,975,000']);
    expect(slider(block).getAttribute('aria-valuetext')).toBe('NGN 253,000,000');
    fireEvent.input(slider(block), { target: { value: '100' } });
    expect(shown(block)).toEqual(['NGN 500,000,000', 'NGN 37,500,000']);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
