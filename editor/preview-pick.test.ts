// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { blockPointer, matchField, stringLeaves } from './preview-pick.ts';

const hero = {
  type: 'hero',
  eyebrow: 'For contractors',
  heading: 'Gain access to bid on projects',
  intro: 'Sign up for free.\n\nHundreds of owners will see your profile.',
  actions: [
    { label: 'Create profile', href: '/signup' },
    { label: 'Learn more', href: '/about' },
  ],
  image: { src: '/images/site/crane.webp', alt: 'A crane over a building site' },
};

describe('click to edit: which field a clicked element shows', () => {
  it('lists the string values with their paths, without the kind of section', () => {
    const leaves = stringLeaves(hero).map((l) => l.path.join('.'));
    expect(leaves).not.toContain('type');
    expect(leaves).toContain('actions.1.label');
    expect(leaves).toContain('image.alt');
  });

  it('finds the heading from its text, whitespace as rendered', () => {
    expect(matchField(hero, [{ text: '  Gain access to\n bid on projects ' }, { text: 'Gain access to bid on projects Sign up…' }])).toEqual(['heading']);
  });

  it('finds a button by its own text before the text of the section around it', () => {
    expect(matchField(hero, [{ text: 'Learn more' }, { text: 'Create profile Learn more' }])).toEqual(['actions', '1', 'label']);
    // A click on the icon inside a button: the icon has no text, the button has.
    expect(matchField(hero, [{ text: '' }, { text: 'Create profile' }])).toEqual(['actions', '0', 'label']);
  });

  it('finds a paragraph of a longer text', () => {
    expect(matchField(hero, [{ text: 'Hundreds of owners will see your profile.' }])).toEqual(['intro']);
  });

  it('finds a picture by its description, or by its file when the address was rewritten', () => {
    expect(matchField(hero, [{ src: '/x.webp', alt: 'A crane over a building site' }])).toEqual(['image', 'alt']);
    expect(matchField(hero, [{ src: '/assets/images/site/crane.webp', alt: '' }])).toEqual(['image', 'src']);
  });

  it('gives nothing for text that is no field of the section (a question set, the background)', () => {
    expect(matchField(hero, [{ text: 'How long does it take?' }, { text: 'Gain access to bid on projects Sign up for free. Create profile' }])).toBeNull();
    expect(matchField(hero, [{ text: 'bid' }])).toBeNull();
  });

  it('builds the JSON pointer of the field in the page, escaping its parts', () => {
    expect(blockPointer(2, ['actions', '0', 'label'])).toBe('/blocks/2/actions/0/label');
    expect(blockPointer(0, ['a/b', 'c~d'])).toBe('/blocks/0/a~1b/c~0d');
  });
});
