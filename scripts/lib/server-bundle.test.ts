// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { BlockRegistry } from '../../renderer/lib/blocks.ts';
import { hydrateAtLoad } from './server-bundle.ts';

describe('the control build registry', () => {
  it('makes every island hydrate at load and leaves static blocks and the rest of each entry as they were', () => {
    const load = () => Promise.resolve({ default: () => null });
    const registry: BlockRegistry = [
      { type: 'hero', load },
      { type: 'pricingPlans', load, hydrate: 'interaction' },
      { type: 'faq', load, hydrate: 'visible' },
      { type: 'formDialog', load, hydrate: 'interaction', dialog: true },
    ];
    const control = hydrateAtLoad(registry);
    expect(control.map((b) => b.hydrate)).toEqual([undefined, 'load', 'load', 'load']);
    expect(control[3]).toMatchObject({ type: 'formDialog', dialog: true, load });
    expect(registry[1].hydrate).toBe('interaction');
  });
});
