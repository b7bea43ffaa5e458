// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blockProblem, chromeProblem } from './preview-check.ts';

const examples = readdirSync('blocks', { withFileTypes: true })
  .filter((d) => d.isDirectory() && readdirSync(`blocks/${d.name}`).includes('example.json'))
  .map((d) => JSON.parse(readFileSync(`blocks/${d.name}/example.json`, 'utf8')) as { type: string });
const site = JSON.parse(readFileSync('site.config/site.json', 'utf8')) as { header: { items: unknown[] }; footer: { columns: { links: unknown[] }[] } };
/** No setting name, path or code in a sentence for a marketer. */
const PLAIN = /^[^/{}[\]"]*$/;

describe('whether a part of the preview can be shown', () => {
  it('passes every block example', () => {
    expect(examples.length).toBeGreaterThan(10);
    for (const example of examples) expect(blockProblem(example), example.type).toBeNull();
  });

  it('names the empty fields of a half-filled button in the words of the form', () => {
    const hero = examples.find((e) => e.type === 'hero') as { type: string; actions: unknown[] };
    const withButton: { type: string; actions: unknown[] } = { ...hero, actions: [...hero.actions, {}] };
    const problem = blockProblem(withButton);
    expect(problem).toBe('Fill in “Actions › item 2 › Label”. Fill in “Actions › item 2 › Goes to”.');
    expect(problem).toMatch(PLAIN);
  });

  it('counts an emptied required text as a problem', () => {
    const hero = examples.find((e) => e.type === 'hero');
    expect(blockProblem({ ...hero, heading: '' } as { type: string })).toMatch(/Heading/);
  });

  it('passes the site settings, and finds a half-filled menu entry in the header only', () => {
    expect(chromeProblem(site, 'header')).toBeNull();
    expect(chromeProblem(site, 'footer')).toBeNull();
    const edited = structuredClone(site);
    edited.header.items.push({ id: 'partners', label: 'Partners' });
    const problem = chromeProblem(edited, 'header');
    // A menu entry is a link or a group of links: only the form it is closest to is asked for.
    expect(problem).toBe(`Fill in “Items › item ${edited.header.items.length} › Goes to”.`);
    expect(chromeProblem(edited, 'footer')).toBeNull();
  });

  it('finds a half-filled footer link', () => {
    const edited = structuredClone(site);
    edited.footer.columns[1].links.push({ label: 'Partners' });
    expect(chromeProblem(edited, 'footer')).toMatch(/^Fill in “Columns › item 2 › Links › item \d+ › Goes to”\.$/);
    expect(chromeProblem(edited, 'header')).toBeNull();
  });
});
