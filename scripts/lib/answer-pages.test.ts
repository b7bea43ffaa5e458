// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { focusFirst, islandsIn } from './answer-pages.ts';

describe('answer pages', () => {
  it('finds each island wrapper whole, nested divs and all, with its props', () => {
    const html =
      '<main><div data-island="0" data-hydrate="interaction" data-props="{&quot;a&quot;:1}"><div><div>x</div></div><p>&lt;div</p></div>' +
      '<div>static</div><div data-island="2" data-props="{}"><div></div></div></main>';
    const found = islandsIn(html);
    expect(found.map((i) => [i.index, i.props, html.slice(i.start, i.end)])).toEqual([
      [0, '{"a":1}', '<div data-island="0" data-hydrate="interaction" data-props="{&quot;a&quot;:1}"><div><div>x</div></div><p>&lt;div</p></div>'],
      [2, '{}', '<div data-island="2" data-props="{}"><div></div></div>'],
    ]);
    expect(found[0]!.attributes).toBe('data-island="0" data-hydrate="interaction"');
  });

  it('puts the cursor in the first field of the list that is on the page', () => {
    const html = '<label for="f-x-a">A</label><input id="f-x-a" value=""/><fieldset id="f-x-b"><input type="radio" id="f-x-b-0"/></fieldset>';
    expect(focusFirst(html, ['f-x-b', 'f-x-b-0', 'f-x-a'])).toContain('<input autofocus="" type="radio" id="f-x-b-0"/>');
    expect(focusFirst(html, ['f-x-a'])).toContain('<input autofocus="" id="f-x-a" value=""/>');
    expect(focusFirst(html, ['f-x-zzz'])).toBe(html);
  });
});
