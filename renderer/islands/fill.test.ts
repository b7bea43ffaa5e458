import { describe, expect, it } from 'vitest';
import { ISLAND_ATTRIBUTE, PROPS_ATTRIBUTE } from './contract.ts';
import { escapeAttribute, fillIsland, unescapeAttribute } from './fill.ts';

/** Parses markup the way a browser reads the prerendered page. */
function parse(html: string): HTMLElement {
  const body = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html').body;
  const el = body.firstElementChild;
  if (!(el instanceof HTMLElement)) throw new Error(`no element in ${html}`);
  return el;
}

const HOSTILE = `"quoted" 'single' <script>alert(1)</script> & &amp; &quot; a > b`;

describe('escapeAttribute', () => {
  it('leaves nothing that can end the attribute or open a tag', () => {
    const escaped = escapeAttribute(HOSTILE);
    expect(escaped).not.toMatch(/["<>]/);
    // Every & left is one this function wrote (the start of an entity), so an entity in the input is not decoded.
    expect(escaped.match(/&(?!amp;|quot;|lt;|gt;)/g)).toBeNull();
  });

  it('is read back by unescapeAttribute, as a browser reads it', () => {
    expect(unescapeAttribute(escapeAttribute(HOSTILE))).toBe(HOSTILE);
  });

  it('round-trips through a DOMParser and through innerHTML', () => {
    expect(parse(`<div title="${escapeAttribute(HOSTILE)}"></div>`).getAttribute('title')).toBe(HOSTILE);
    const host = document.createElement('div');
    host.innerHTML = `<span data-x="${escapeAttribute(HOSTILE)}">t</span>`;
    expect(host.children).toHaveLength(1);
    expect(host.querySelector('span')?.getAttribute('data-x')).toBe(HOSTILE);
    expect(host.querySelector('script')).toBeNull();
  });

  it('keeps plain text as it is', () => {
    expect(escapeAttribute('plain text 123')).toBe('plain text 123');
    expect(escapeAttribute('')).toBe('');
  });
});

describe('fillIsland', () => {
  it('wraps the markup with its attributes and props that parse back to the same JSON', () => {
    const props = { block: { type: 'faq', heading: `Tom's "FAQ" <b>&</b>` }, fragments: {}, dialogs: { video: null }, route: '/referral/:refId' };
    const html = fillIsland(`${ISLAND_ATTRIBUTE}="3" data-hydrate="visible"`, escapeAttribute(JSON.stringify(props)), '<section><h2>FAQ</h2></section>');
    const el = parse(html);
    expect(el.tagName).toBe('DIV');
    expect(el.getAttribute(ISLAND_ATTRIBUTE)).toBe('3');
    expect(el.getAttribute('data-hydrate')).toBe('visible');
    expect(JSON.parse(el.getAttribute(PROPS_ATTRIBUTE) ?? 'null')).toStrictEqual(props);
    expect(el.innerHTML).toBe('<section><h2>FAQ</h2></section>');
    expect(el.nextSibling).toBeNull();
  });
});

describe('the island marker', () => {
  it('is the same for the loader and the shell script, which keep separate copies', async () => {
    const contract = await import('./contract.ts');
    const markup = await import('../shell/markup.ts');
    expect(markup.ISLAND_ATTRIBUTE).toBe(contract.ISLAND_ATTRIBUTE);
    expect(markup.SEEN_ISLANDS).toBe(`[${contract.HYDRATE_ATTRIBUTE}="visible"]`);
  });
});
