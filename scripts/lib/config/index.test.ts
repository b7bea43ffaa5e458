// @vitest-environment node
/**
 * Nested fragments end to end through loadProject: a schema may let one fragment reference another, and a page then
 * bundles every fragment it reaches (what the page module ships); a circle of references is an error.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { loadProject } from './index.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'sitewright-nested-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// A copy of the project whose FAQ sets may name another FAQ set ("see") and a form.
cpSync(join(root, 'schemas'), join(scratch, 'schemas'), { recursive: true });
symlinkSync(join(root, 'blocks'), join(scratch, 'blocks'));
const faqSchema = join(scratch, 'schemas/faq-set.schema.json');
const schema = JSON.parse(readFileSync(faqSchema, 'utf8'));
schema.properties.see = { type: 'string', 'x-fragment': 'faqs' };
schema.properties.form = { type: 'string', 'x-fragment': 'forms' };
writeFileSync(faqSchema, JSON.stringify(schema));

const configDir = join(root, 'site.config');
const faqWith = (file: string, extra: Record<string, string>) => JSON.stringify({ ...JSON.parse(readFileSync(join(configDir, file), 'utf8')), ...extra });

describe('nested fragments', () => {
  test('a page bundles the fragments its fragments reference', () => {
    const overlay = { 'faqs/general.json': faqWith('faqs/general.json', { see: 'finance', form: 'contact' }) };
    const { project, diagnostics } = loadProject(scratch, {}, { configDir, overlay });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const home = project!.pages.find((p) => p.slug === 'home')!;
    const reached = home.fragments.map((r) => `${r.kind}/${r.id}`);
    expect(reached).toEqual(expect.arrayContaining(['faqs/general', 'faqs/finance', 'forms/contact']));
  });

  test('fragments that include each other are one clear error, and nothing is built', () => {
    const overlay = {
      'faqs/general.json': faqWith('faqs/general.json', { see: 'finance' }),
      'faqs/finance.json': faqWith('faqs/finance.json', { see: 'general' }),
    };
    const { project, diagnostics } = loadProject(scratch, {}, { configDir, overlay });
    expect(project).toBeNull();
    expect(diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.file, d.path])).toEqual([
      ['fragment-cycle', 'site.config/faqs/general.json', '/see'],
    ]);
  });
});
