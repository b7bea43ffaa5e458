/**
 * Every word the editor's field forms show a marketer is plain English: the forms of every block (its example), of a
 * page's settings, of the site settings, of every FAQ set and of every form are rendered, and each label, help text,
 * choice, button name and placeholder is checked for setting names, JSON values, file paths and escape sequences.
 */
import { cleanup, render } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EditorDataContext, type EditorData } from './context.ts';
import { FieldsForm, formOptions } from './fields.tsx';
import { blockSchema, fileSchema, pageSettingsSchema } from './schemas.ts';
import { developerWords, schemaValues } from './words.ts';

const root = join(import.meta.dirname, '..');
const config = join(root, 'site.config');
const json = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const ids = (dir: string) =>
  readdirSync(join(config, dir))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5));

const editorData: EditorData = {
  index: {
    pages: ids('pages').map((id) => ({ path: `pages/${id}.json`, route: `/${id}`, title: id })),
    faqs: ids('faqs').map((id) => ({ path: `faqs/${id}.json`, id })),
    forms: ids('forms').map((id) => ({ path: `forms/${id}.json`, id })),
    site: { path: 'site.json' },
    assets: ['/images/hero.webp'],
    routes: ['/'],
    destinations: ['@signin'],
    blocks: [],
  },
  diagnostics: [],
  openFile: () => undefined,
  createFragment: async () => null,
  announce: () => undefined,
};

/** What a person reads in a rendered form: text (not what they typed), names, help, placeholders and choices. */
function shownWords(container: HTMLElement): string[] {
  const out: string[] = [];
  const walker = container.ownerDocument.createTreeWalker(container, 1 /* elements */);
  for (let el = walker.currentNode as Element | null; el; el = walker.nextNode() as Element | null) {
    // What was typed is the person's own: a text box's content, and a folded group's name (its first words) that repeats it.
    if (el.tagName === 'TEXTAREA' || el.classList.contains('sw-fold__name')) continue;
    for (const n of el.childNodes) if (n.nodeType === 3 && n.textContent?.trim()) out.push(n.textContent.trim());
    for (const a of ['aria-label', 'placeholder', 'title', 'alt']) {
      const v = el.getAttribute(a);
      if (v?.trim()) out.push(v.trim());
    }
    if (el.tagName === 'INPUT' && ['button', 'submit'].includes((el as HTMLInputElement).type)) out.push((el as HTMLInputElement).value);
  }
  return out;
}

interface Case {
  name: string;
  schema: Record<string, unknown>;
  data: unknown;
  form?: boolean;
}

const blockDirs = readdirSync(join(root, 'blocks'), { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'lib');
const cases: Case[] = [
  ...blockDirs.flatMap((d) => {
    const example = json(join(root, 'blocks', d.name, 'example.json')) as { type: string };
    const schema = blockSchema(example.type);
    return schema ? [{ name: `the ${d.name} section`, schema, data: example }] : [];
  }),
  ...ids('pages').map((id) => {
    const { blocks: _b, ...settings } = json(join(config, 'pages', `${id}.json`)) as Record<string, unknown>;
    return { name: `the settings of page ${id}`, schema: pageSettingsSchema(), data: settings };
  }),
  { name: 'the site settings', schema: fileSchema('site.json')!, data: json(join(config, 'site.json')) },
  ...ids('faqs').map((id) => ({ name: `FAQ set ${id}`, schema: fileSchema(`faqs/${id}.json`)!, data: json(join(config, 'faqs', `${id}.json`)) })),
  ...ids('forms').map((id) => ({ name: `form ${id}`, schema: fileSchema(`forms/${id}.json`)!, data: json(join(config, 'forms', `${id}.json`)), form: true })),
];

afterEach(cleanup);

describe('the field forms speak plain words', () => {
  it('covers every block, page, the site settings, every FAQ set and form', () => {
    expect(cases.filter((c) => c.name.startsWith('the ') && c.name.endsWith('section'))).toHaveLength(blockDirs.length);
  });

  it.each(cases)('$name shows no setting name, JSON value, file path or escape sequence', ({ schema, data, form }) => {
    const { container } = render(
      <EditorDataContext.Provider value={editorData}>
        <FieldsForm idPrefix="t" schema={schema} data={data} errors={{}} onChange={() => undefined} fileOptions={form ? formOptions : undefined} />
      </EditorDataContext.Provider>,
    );
    const words = shownWords(container);
    expect(words.length).toBeGreaterThan(0);
    const values = schemaValues(schema);
    const bad = [...new Set(words)].flatMap((w) => {
      const found = developerWords(w, data, values);
      return found.length ? [`${found.join(', ')} in: ${w}`] : [];
    });
    expect(bad.join('\n')).toBe('');
  });
});
