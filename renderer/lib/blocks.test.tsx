// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { BlockSetContext, blockSet, preloadBlocks, useBlockSet, type BlockRegistry } from './blocks.ts';

const Quote = () => <blockquote>said</blockquote>;
const registry: BlockRegistry = [
  { type: 'quote', load: async () => ({ default: Quote }), hydrate: 'interaction' },
  { type: 'slides', load: async () => ({ default: Quote }), hydrate: 'visible', media: '(min-width: 960px)' },
  { type: 'note', load: async () => ({ default: Quote }), dialog: true },
];

describe('a block set from the registry an entry point was given', () => {
  it('answers from that registry only', () => {
    const set = blockSet(registry);
    expect(set.isRegistered('quote')).toBe(true);
    expect(set.isRegistered('hero')).toBe(false);
    expect(set.hydrationOf('quote')).toBe('interaction');
    expect(set.hydrationOf('note')).toBeUndefined();
    expect(set.isDialog('note')).toBe(true);
    expect(set.isDialog('quote')).toBe(false);
    expect(set.mediaOf('slides')).toBe('(min-width: 960px)');
    expect(set.mediaOf('quote')).toBeUndefined();
  });

  it('loads each component once, and says which type it does not know', async () => {
    const set = blockSet(registry);
    await preloadBlocks(set, ['quote', 'quote', 'hero']);
    expect(set.components.get('quote')).toBe(Quote);
    expect(set.components.get('hero')).toBeUndefined();
    await expect(set.components.load('hero')).rejects.toThrow('no component registered for block type "hero"');
  });

  it('two registries do not share components', async () => {
    const other = blockSet([{ type: 'quote', load: async () => ({ default: () => <p>other</p> }) }]);
    await other.components.load('quote');
    expect(other.components.get('quote')).not.toBe(Quote);
  });

  it('a component rendered without a registry says how to give one', () => {
    function Reads() {
      return <p>{useBlockSet().isRegistered('quote') ? 'yes' : 'no'}</p>;
    }
    expect(() => renderToString(<Reads />)).toThrow(/No block registry/);
    expect(
      renderToString(
        <BlockSetContext.Provider value={blockSet(registry)}>
          <Reads />
        </BlockSetContext.Provider>,
      ),
    ).toBe('<p>yes</p>');
  });
});
