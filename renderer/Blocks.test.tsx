import { describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import type { Block } from './generated/config-types.ts';
import { Blocks } from './Blocks.tsx';
import { BlockSetContext, blockSet } from './lib/blocks.ts';
import { blockRegistry } from '../blocks/registry.ts';
import example from '../blocks/Hero/example.json';

// Counts how often the real Hero renders, without changing what it renders.
const renders = vi.hoisted(() => ({ hero: 0 }));
vi.mock('../blocks/Hero/index.tsx', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../blocks/Hero/index.tsx')>();
  const Original = mod.default;
  return { default: (props: Parameters<typeof Original>[0]) => (renders.hero++, Original(props)) };
});

describe('Blocks: hydrating the prerendered page', () => {
  it('renders each block once, with no second pass when hydration ends', async () => {
    const blocks = [example as Block];
    const set = blockSet(blockRegistry);
    const tree = (
      <MemoryRouter>
        <BlockSetContext.Provider value={set}>
          <Blocks blocks={blocks} />
        </BlockSetContext.Provider>
      </MemoryRouter>
    );
    await set.components.load('hero');
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.appendChild(container);
    const prerendered = container.innerHTML;
    expect(prerendered).toContain('<h1');

    renders.hero = 0;
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(container, tree, { onRecoverableError });
    });
    // A second render of every block after hydration is one long synchronous task on a phone (issue 6: TBT).
    expect(renders.hero).toBe(1);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(prerendered);
    container.remove();
  });
});
