// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { plainHelp } from './fields.tsx';
import { shortHelp } from './Panes.tsx';

describe("the palette's short help", () => {
  it('keeps whole sentences: a dotted name is part of its sentence, not the end of one', () => {
    const text = 'A form and its fields. Forms live in site.config/forms/ beside them. Each field has a label.';
    expect(shortHelp(text)).toBe(text);
  });

  it('stops after the last whole sentence that fits, never in the middle of one', () => {
    const first = 'The first sentence says what the section is for, in a few plain words that fit easily.';
    const second = 'The second one goes on at length about details nobody needs in a palette, such as site.config/forms/ and much more besides that.';
    expect(shortHelp(`${first} ${second}`)).toBe(first);
  });

  it('ends a description whose example is cut off with one full stop, not two', () => {
    expect(plainHelp('A bold band near the end of a page. Example: { "type": "ctaBanner" }')).toBe('A bold band near the end of a page.');
    expect(plainHelp('A list of links, e.g. [{ "label": "Home" }]')).toBe('A list of links.');
  });
});
