// @vitest-environment node
// esbuild (inside mdx-bundler) refuses to run under jsdom's TextEncoder, and this is build-time code anyway.
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileContent, compileMdxSource } from '../../scripts/lib/mdx-content.ts';
import { loadProject } from '../../scripts/lib/project.ts';
import { textOf, type ProseElement } from './tree.ts';

const root = process.cwd();
const compile = (source: string) => compileMdxSource(source, 'test.mdx', root);

describe('build-time MDX content', () => {
  it('turns Markdown into a data tree with front matter and unique heading ids', async () => {
    const doc = await compile(
      ['---', 'title: Terms', 'updated: 1 May 2025', '---', '', 'Hello **world**.', '', '## 1. First', '', '- a', '- b', '', '## FAQ', '', '## FAQ', ''].join(
        '\n',
      ),
    );
    expect(doc.title).toBe('Terms');
    expect(doc.updated).toBe('1 May 2025');
    expect(doc.headings).toEqual([
      { id: 'first', text: '1. First', level: 2 },
      { id: 'faq', text: 'FAQ', level: 2 },
      { id: 'faq-2', text: 'FAQ', level: 2 },
    ]);
    const [p, h2, ul] = doc.children as ProseElement[];
    expect(p).toEqual({ tag: 'p', children: ['Hello ', { tag: 'strong', children: ['world'] }, '.'] });
    expect(h2).toMatchObject({ tag: 'h2', id: 'first' });
    expect(ul.children).toEqual([
      { tag: 'li', children: ['a'] },
      { tag: 'li', children: ['b'] },
    ]);
    // Plain data only: it survives JSON unchanged, which is how it ships in the page chunk.
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('rejects links the site would not allow and elements Markdown does not produce', async () => {
    await expect(compile('[x](javascript:alert(1))')).rejects.toThrow(/not allowed/);
    await expect(compile('<iframe src="https://evil.example" />')).rejects.toThrow(/<iframe> is not allowed/);
    await expect(compile('<div onClick={() => 1}>x</div>')).rejects.toThrow(/<div> is not allowed/);
    await expect(compile('[ok](/contact) and [mail](mailto:a@b.example)')).resolves.toBeTruthy();
  });

  it('the privacy policy has ten numbered sections, 18+ and e-mail requests for access and deletion', async () => {
    const doc = await compileContent(join(root, 'site.config'), 'policy');
    expect(doc.headings).toHaveLength(10);
    doc.headings.forEach((h, i) => expect(h.text).toMatch(new RegExp(`^${i + 1}\\. `)));
    const text = doc.children.map(textOf).join('\n');
    expect(text).toMatch(/18 and over/);
    expect(text).toMatch(/delete/);
    const links = JSON.stringify(doc);
    expect(links).toContain('mailto:privacy@buildpad.example');
  });

  it('the privacy policy says what the lead service stores from a form and how to have it erased', async () => {
    const doc = await compileContent(join(root, 'site.config'), 'policy');
    // Whitespace as one space, so a sentence can be matched wherever the Markdown wraps it.
    const text = doc.children.map(textOf).join(' ').replace(/\s+/g, ' ');
    expect(text).toMatch(/the fields of that form as you filled them in/);
    // The attribution kept with a lead.
    expect(text).toMatch(/the first page of this website you opened on that visit/);
    expect(text).toMatch(/the host name of the website that sent you here/);
    for (const key of ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content']) expect(text).toContain(key);
    expect(text).toMatch(/the page the form was on/);
    expect(text).toMatch(/a keyed hash of your IP address/);
    expect(text).toMatch(/We never store the address itself/);
    // Deletion: by e-mail to the privacy address, every lead of that address.
    expect(text).toMatch(/To have what you sent through one of our forms deleted, email privacy@buildpad\.example/);
    expect(text).toMatch(/we erase every form submission made with that address/);
  });

  it('the validator reports a missing .mdx file at the page, line and JSON path that names it', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'sitewright-prose-'));
    try {
      symlinkSync(join(root, 'schemas'), join(tmp, 'schemas'));
      symlinkSync(join(root, 'blocks'), join(tmp, 'blocks'));
      cpSync(join(root, 'site.config'), join(tmp, 'site.config'), { recursive: true });
      const page = {
        route: '/terms',
        title: 'Terms',
        description: 'Terms of use.',
        blocks: [
          { type: 'hero', heading: 'Terms' },
          { type: 'prose', source: 'polcy' },
        ],
      };
      const text = JSON.stringify(page, null, 2);
      writeFileSync(join(tmp, 'site.config/pages/terms.json'), text);
      const sourceLine = text.split('\n').findIndex((l) => l.includes('"source"')) + 1;
      const { diagnostics } = loadProject(tmp, {});
      const found = diagnostics.find((d) => d.code === 'missing-fragment' && d.file === 'site.config/pages/terms.json');
      expect(found).toBeDefined();
      expect(found!.path).toBe('/blocks/1/source');
      expect(found!.line).toBe(sourceLine);
      expect(found!.severity).toBe('error');
      expect(found!.message).toContain('site.config/content/polcy.mdx');
      expect(found!.suggestion).toBe('Did you mean "policy"?');
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
