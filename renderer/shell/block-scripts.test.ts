// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startBlockScripts, watchBlockScripts, type BlockStart } from './block-scripts.ts';
import { blockTypeOfScript } from './all-block-scripts.ts';
import { isLive } from './markup.ts';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const tick = () => new Promise((resolve) => setTimeout(resolve));

describe('startBlockScripts', () => {
  it('calls each type’s start once for each block of that type, and for no other', () => {
    document.body.innerHTML = `
      <div data-block="pricingPlans" id="a"></div>
      <div data-block="hero" id="b"></div>
      <div data-block="pricingPlans" id="c"></div>`;
    const pricing = vi.fn<BlockStart>();
    const faq = vi.fn<BlockStart>();
    startBlockScripts(document, { pricingPlans: pricing, faq });
    expect(pricing.mock.calls.map(([el]) => el.id)).toEqual(['a', 'c']);
    expect(faq).not.toHaveBeenCalled();
  });

  it('skips the blocks already started and remembers the new ones', () => {
    document.body.innerHTML = `<div data-block="faq" id="a"></div>`;
    const start = vi.fn<BlockStart>();
    const started = new WeakSet<Element>();
    startBlockScripts(document, { faq: start }, started);
    startBlockScripts(document, { faq: start }, started);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('reports a script that throws and still starts the others', () => {
    document.body.innerHTML = `<div data-block="a"></div><div data-block="b"></div>`;
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const b = vi.fn<BlockStart>();
    startBlockScripts(document, {
      a: () => {
        throw new Error('broken');
      },
      b,
    });
    expect(b).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ message: 'broken' }));
  });
});

describe('watchBlockScripts', () => {
  it('starts the blocks on the page and those rendered later, each once, until stopped', async () => {
    document.body.innerHTML = `<div data-block="carousel" id="first"></div>`;
    const start = vi.fn<BlockStart>();
    const stop = watchBlockScripts(document, { carousel: start });
    expect(start).toHaveBeenCalledTimes(1);
    document.body.insertAdjacentHTML('beforeend', `<div data-block="carousel" id="second"></div><p>other</p>`);
    await tick();
    expect(start.mock.calls.map(([el]) => el.id)).toEqual(['first', 'second']);
    stop();
    document.body.insertAdjacentHTML('beforeend', `<div data-block="carousel" id="third"></div>`);
    await tick();
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('marks a block React renders as an island live before its script starts, and no other', () => {
    document.body.innerHTML = `<div data-block="pricingPlans" id="island"></div><div data-block="hero" id="static"></div>`;
    const seen: Record<string, boolean> = {};
    const start: BlockStart = (block) => (seen[block.id] = isLive(block));
    const stop = watchBlockScripts(document, { pricingPlans: start, hero: start }, (type) => type === 'pricingPlans');
    stop();
    expect(seen).toEqual({ island: true, static: false });
  });
});

describe('isLive', () => {
  it('is true inside an island React has hydrated, false before and outside any island', () => {
    document.body.innerHTML = `
      <div data-island="0" data-block="pricingPlans" id="island"><button id="inside">Annually</button></div>
      <div data-block="hero" id="static"><a id="link" href="/">Home</a></div>`;
    const island = document.getElementById('island')!;
    expect(isLive(island)).toBe(false);
    expect(isLive(document.getElementById('inside')!)).toBe(false);
    island.setAttribute('data-live', '');
    expect(isLive(island)).toBe(true);
    expect(isLive(document.getElementById('inside')!)).toBe(true);
    expect(isLive(document.getElementById('static')!)).toBe(false);
    expect(isLive(document.getElementById('link')!)).toBe(false);
  });
});

describe('blockTypeOfScript', () => {
  it('reads the block type from its script’s folder', () => {
    expect(blockTypeOfScript('/blocks/PricingPlans/script.ts')).toBe('pricingPlans');
    expect(blockTypeOfScript('/blocks/Faq/script.ts')).toBe('faq');
  });
});
