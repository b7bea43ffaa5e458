// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileMdxSource } from '../mdx-content.ts';
import { loadProject } from '../project.ts';
import { contentProblem } from './content.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const links = new RegExp(
  (JSON.parse(readFileSync(`${root}/schemas/defs.schema.json`, 'utf8')) as { definitions: { href: { pattern: string } } }).definitions.href.pattern,
);
const policy = readFileSync(`${root}/site.config/content/policy.mdx`, 'utf8');
const FILE = 'site.config/content/policy.mdx';

describe('contentProblem', () => {
  it('passes the site’s own text files', () => {
    expect(contentProblem(policy, FILE, links)).toBeNull();
  });

  it('says where a { } or a tag is left open, in words for people who write Markdown', () => {
    const lines = policy.split('\n').length;
    expect(contentProblem(`${policy}\n{oops(}\n`, FILE, links)).toMatchObject({
      line: lines + 1,
      reason: 'The text in { } here is read as a formula and cannot be understood.',
    });
    expect(contentProblem('---\ntitle: T\n---\n\n# Hi\n\n<b>bold\n', FILE, links)).toMatchObject({
      line: 7,
      column: 1,
      reason: 'The tag <b> is never closed.',
    });
  });

  it('points at an element or a link the site does not show, with what to write instead', () => {
    expect(contentProblem('# Hi\n\nSome <div>text</div>\n', FILE, links)).toEqual({
      line: 3,
      column: 6,
      length: 4,
      reason: '<div> is not allowed in content.',
      fix: 'Use Markdown (headings, paragraphs, lists, links, tables).',
    });
    expect(contentProblem('# Hi\n\n[Go](javascript:alert(1))\n', FILE, links)).toMatchObject({
      line: 3,
      column: 6,
      reason: 'The link "javascript:alert(1)" is not allowed.',
    });
  });
});

describe('npm run validate on a text file', () => {
  const broken = `${policy}\n<div>\n\n{oops(}\n`;

  it('reports what would stop the build, at its line and column', async () => {
    const { diagnostics } = loadProject(root, {}, { overlay: { 'content/policy.mdx': broken } });
    const errors = diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: FILE, code: 'content', line: policy.split('\n').length + 3 });
    // The build's compiler refuses the same text.
    await expect(compileMdxSource(broken, FILE, `${root}/site.config/content`, { quiet: true })).rejects.toBeTruthy();
  });
});
