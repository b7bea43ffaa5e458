import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createAjv } from '../../scripts/lib/project.ts';
import type { FeeEstimatorBlock } from '../../renderer/generated/config-types.ts';
import example from './example.json';
import FeeEstimator from './index.tsx';

const root = process.cwd();
const config = example as FeeEstimatorBlock;
const slider = () => screen.getByRole('slider', { name: 'Estimated project cost' }) as HTMLInputElement;
const cost = () => screen.getByTestId('project-cost').textContent;
const fee = () => screen.getByTestId('project-fee').textContent;

describe('feeEstimator block', () => {
  it('example.json matches the schema; the start position must lie in 0–100', () => {
    const v = createAjv(root).getSchema('https://sitewright.dev/schemas/blocks/feeEstimator.schema.json')!;
    expect(v(example), JSON.stringify(v.errors)).toBe(true);
    expect(v({ ...config, defaultPercent: 101 })).toBe(false);
    expect(v({ ...config, defaultPercent: -1 })).toBe(false);
  });

  it('is a labelled native range input from 0 to 100 that starts at the minimum', () => {
    render(<FeeEstimator {...config} />);
    const s = slider();
    expect(s.type).toBe('range');
    expect([s.min, s.max, s.step, s.value]).toEqual(['0', '100', '1', '0']);
    expect(s.getAttribute('aria-valuetext')).toBe('NGN 5,000,000');
    expect(cost()).toBe('NGN 5,000,000');
    expect(fee()).toBe('NGN 375,000');
    expect(screen.getByText('Project cost')).toBeTruthy();
    expect(screen.getByText('Premium fee (7.5%)')).toBeTruthy();
  });

  it.each([
    [50, 'NGN 253,000,000', 'NGN 18,975,000'],
    [100, 'NGN 500,000,000', 'NGN 37,500,000'],
    [25, 'NGN 129,000,000', 'NGN 9,675,000'],
    [0, 'NGN 5,000,000', 'NGN 375,000'],
  ])('at %i percent shows a cost of %s and a fee of %s', (percent, expectedCost, expectedFee) => {
    render(<FeeEstimator {...config} defaultPercent={37} />);
    fireEvent.change(slider(), { target: { value: String(percent) } });
    expect(cost()).toBe(expectedCost);
    expect(fee()).toBe(expectedFee);
    expect(slider().getAttribute('aria-valuetext')).toBe(expectedCost);
  });

  it('the fee is described to assistive technology next to the slider', () => {
    render(<FeeEstimator {...config} />);
    const described = document.getElementById(slider().getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('Premium fee (7.5%)NGN 375,000');
  });

  it('prerenders the configured start position', () => {
    const html = renderToString(<FeeEstimator {...config} defaultPercent={100} />);
    expect(html).toContain('NGN 500,000,000');
    expect(html).toContain('NGN 37,500,000');
    expect(html).not.toMatch(/style=/);
  });
});
