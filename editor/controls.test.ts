// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { choiceLabel, isBlank, itemName, shownDefault, splitHelp, switchDefault, switchWords } from './controls.tsx';
import { describeChange } from './history-words.ts';

describe('switchWords: a yes/no setting as a sentence', () => {
  it('turns "true makes …" into a command, keeps the example as help and drops the default', () => {
    const w = switchWords(
      'Highlight',
      'true makes this card stand out across the whole row with a shield seal, e.g. for "Secured capital: your project funds are 100% insured". Default false.',
    );
    expect(w.label).toBe('Make this card stand out across the whole row with a shield seal');
    expect(w.help).toBe('E.g. for "Secured capital: your project funds are 100% insured".');
  });
  it('reads "When true, …", "… e.g. true." and a verb in the third person', () => {
    expect(switchWords('Toc', 'true shows an "On this page" list of the main headings beside the text, e.g. true. Default false.')).toEqual({
      label: 'Show an "On this page" list of the main headings beside the text',
      help: '',
    });
    expect(switchWords('Reset', 'true empties the form after it is sent, e.g. true (a contact form); leave it out to keep what was typed.').label).toBe(
      'Empty the form after it is sent',
    );
    expect(switchWords('Wide', 'Opens the menu in a wider panel.').label).toBe('Open the menu in a wider panel');
    expect(switchWords('Under construction', 'When true, every page shows a notice.').label).toBe('Every page shows a notice');
    // Help in plain words: "When on, …", and the default said as "Off unless switched on".
    expect(switchWords('Highlight', 'When on, this card stands out across the whole row with a shield seal. Off unless switched on.')).toEqual({
      label: 'This card stands out across the whole row with a shield seal',
      help: '',
    });
  });
  it('falls back to the title when the description does not say what "on" does', () => {
    expect(switchWords('Sitemap', 'false keeps the page out of the sitemap. Default true.')).toEqual({
      label: 'Sitemap',
      help: 'false keeps the page out of the sitemap.',
    });
    expect(switchWords('Expanded', undefined)).toEqual({ label: 'Expanded', help: '' });
  });
  it('never shows "Default false" or "Default true"', () => {
    for (const d of ['true opens the group when the page loads, e.g. true. Default false (closed).', 'true shows the date. Default true.'])
      expect(`${switchWords('X', d).label} ${switchWords('X', d).help}`).not.toMatch(/default/i);
  });
  it('takes the default from the schema, else from the help, else off', () => {
    expect(switchDefault({ type: 'boolean', default: true })).toBe(true);
    expect(switchDefault({ type: 'boolean', description: 'true shows the date. Default true.' })).toBe(true);
    expect(switchDefault({ type: 'boolean', description: 'true shows the date.' })).toBe(false);
  });
});

describe('choices', () => {
  it('finds the default of a choice in the schema or in the words of its help', () => {
    const values = ['grid', 'alternating'];
    expect(shownDefault({ default: 'alternating' }, values)).toBe('alternating');
    expect(shownDefault({ description: '"grid" (default) puts cards side by side' }, values)).toBe('grid');
    expect(shownDefault({ description: 'Corner of the screen. Default "top-right".' }, ['top-left', 'top-right'])).toBe('top-right');
    expect(shownDefault({ description: 'Cards per row: 2, 3 or 4, e.g. 2. Default 3.' }, [2, 3, 4])).toBe(3);
    expect(shownDefault({ description: '1 (default): the page’s main heading. 2 for a second one.' }, [1, 2])).toBe(1);
    expect(shownDefault({ description: 'Background: "light" (white, default), "alt" (soft grey).' }, ['light', 'alt'])).toBe('light');
    expect(shownDefault({ description: 'The colour of the card, e.g. "green".' }, ['blue', 'green'])).toBeUndefined();
    // Help in plain words names the choice by its label.
    expect(shownDefault({ description: 'Grid (default) puts cards side by side; Alternating shows one card per row.' }, values)).toBe('grid');
    expect(shownDefault({ description: 'Section background: Light (white, default), Alt (soft grey).' }, ['light', 'alt'])).toBe('light');
    expect(shownDefault({ description: 'Corner of the screen. Default Top right.' }, ['top-left', 'top-right'])).toBe('top-right');
    expect(shownDefault({ description: 'Button style. Default Primary.' }, ['primary', 'secondary'])).toBe('primary');
  });
  it('shows a choice by its title, else its value in words', () => {
    expect(choiceLabel('Two columns', 2)).toBe('Two columns');
    expect(choiceLabel('top-right', 'top-right')).toBe('Top right');
    expect(choiceLabel('isoTimestamp', 'isoTimestamp')).toBe('ISO timestamp');
    expect(choiceLabel('POST', 'POST')).toBe('POST');
  });
});

describe('help and items', () => {
  it('shows short help whole and folds the rest of long help after its first sentence', () => {
    expect(splitHelp('Optional anchor name.')).toEqual(['Optional anchor name.', '']);
    const [first, rest] = splitHelp(
      'Optional sentence under the heading, e.g. "One platform from the first bid to the final handover." Shown in grey. It wraps on small screens.',
    );
    expect(first).toBe('Optional sentence under the heading, e.g. "One platform from the first bid to the final handover."');
    expect(rest).toBe('Shown in grey. It wraps on small screens.');
  });
  it('names an item by its first words, a redirect by its address; blank items are new', () => {
    expect(itemName({ label: 'Pricing', href: '/pricing' })).toBe('Pricing');
    expect(itemName({ href: '/pricing', badge: 'New' })).toBe('New');
    expect(itemName({ from: '/canpad', to: '/owner' })).toBe('/canpad');
    expect(itemName({})).toBe('');
    expect(isBlank({ question: '', answer: '' })).toBe(true);
    expect(isBlank({ from: '/a' })).toBe(false);
  });
});

describe('describeChange: what undo and redo did, in words', () => {
  const label = (p: string) => (p === 'site.json' ? 'Site settings' : 'Page “Home” (/)');
  const hero = { type: 'hero', heading: 'Hello' };
  const grid = { type: 'featureGrid', heading: 'Cards' };
  it('names the field and the section', () => {
    const before = { 'pages/home.json': { title: 'Home', blocks: [hero, grid] } };
    const after = { 'pages/home.json': { title: 'Home', blocks: [{ ...hero, heading: 'Hi' }, grid] } };
    expect(describeChange(before, after, label)).toBe('changed Heading in Section 1: Hero');
  });
  it('says a section was moved, added or removed, and names a setting of another file', () => {
    const home = (blocks: unknown[]) => ({ 'pages/home.json': { title: 'Home', blocks } });
    expect(describeChange(home([hero, grid]), home([grid, hero]), label)).toBe('moved Hero in Page “Home” (/)');
    // Two neighbours swap places: the selected one is the one that moved.
    expect(describeChange(home([hero, grid]), home([grid, hero]), label, 0)).toBe('moved Feature grid in Page “Home” (/)');
    expect(describeChange(home([hero]), home([hero, grid]), label)).toBe('added a section to Page “Home” (/)');
    expect(describeChange(home([hero, grid]), home([hero]), label)).toBe('removed a section from Page “Home” (/)');
    expect(describeChange({ 'site.json': { name: 'A' } }, { 'site.json': { name: 'B' } }, label)).toBe('changed Name in Site settings');
  });
});
