// @vitest-environment node
/**
 * Content is data: code in a text file of site.config/content/ is refused at its syntax tree, and nothing in it runs,
 * in the checker (validate, the editor's check) and in the build's compiler (build, dev server, editor preview).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { contentProblem } from './config/content.ts';
import { compileMdxSource } from './mdx-content.ts';
import { gateProblem } from './mdx-gate.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'sw-mdx-gate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const FILE = 'site.config/content/policy.mdx';

/** The review's payload: run by `npm run validate` before the gate, it wrote `marker` as the user running it. */
const payload = (marker: string) => `{process.getBuiltinModule("child_process").execSync("id > ${marker}"), ""}`;

describe('gateProblem', () => {
  it.each([
    ['an import', 'import x from "node:fs"\n\n# Hi\n', 1, 1, 'A line starting with import or export is code'],
    ['an export', '# Hi\n\nexport const a = process.env\n', 3, 1, 'A line starting with import or export is code'],
    ['an expression in a line', '# Hi\n\nToken: {process.env.CI_DEPLOY_TOKEN}\n', 3, 8, 'Text in { } is read as code'],
    ['an expression on its own line', '# Hi\n\n{1 + 1}\n', 3, 1, 'Text in { } is read as code'],
    ['a comment in { }', 'Text {/* note */} here\n', 1, 6, 'Text in { } is read as code'],
    ['a component', '# Hi\n\n<Widget />\n', 3, 1, '<Widget> is not allowed in content'],
    ['a component in a line', 'Some <Foo.Bar>x</Foo.Bar>\n', 1, 6, '<Foo.Bar> is not allowed in content'],
    ['a script tag', '<script>alert(1)</script>\n', 1, 1, '<script> is not allowed in content'],
    ['a setting in { }', 'A <a href={"/x"}>link</a>\n', 1, 3, 'A setting of <a> is written in { }'],
    ['settings spread from { }', 'A <a {...props}>link</a>\n', 1, 3, 'A setting of <a> is written in { }'],
  ])('refuses %s, where it is', (_what, text, line, column, reason) => {
    expect(gateProblem(text)).toMatchObject({ line, column, reason: expect.stringContaining(reason) });
  });

  it('passes Markdown, front matter and the tags Markdown writes with plain settings', () => {
    const text =
      '---\ntitle: T\nupdated: 2026-01-01\n---\n\n# Hi\n\nSome **bold**, a [link](/contact), <a href="/policy">a tag</a><br />\n\n- one\n- two\n\n\\{ not code \\}\n';
    expect(gateProblem(text)).toBeNull();
  });

  it('underlines a tag’s name and a one-line expression whole', () => {
    expect(gateProblem('Some <Foo>x</Foo>\n')).toMatchObject({ length: 4 });
    expect(gateProblem('Token: {process.env.X}\n')).toMatchObject({ length: 15 });
  });

  it('lets a syntax error through to the caller, with its place', () => {
    expect(() => gateProblem('Some {broken text\n')).toThrow(/end of file in expression/);
  });
});

describe('code in content never runs', () => {
  it('the checker reports the review’s payload at its line and column and runs nothing', () => {
    const marker = join(scratch, 'pwned-check');
    const problem = contentProblem(`# Policy\n\nText.\n\n${payload(marker)}\n`, FILE);
    expect(problem).toMatchObject({ line: 5, column: 1, reason: 'Text in { } is read as code, and content may not run code.' });
    expect(existsSync(marker)).toBe(false);
  });

  it('the build’s compiler refuses it before compiling, and runs nothing', async () => {
    const marker = join(scratch, 'pwned-build');
    await expect(compileMdxSource(`# Policy\n\n${payload(marker)}\n`, FILE, join(root, 'site.config/content'), { quiet: true })).rejects.toThrow(
      `${FILE}:3:1: Text in { } is read as code, and content may not run code.`,
    );
    expect(existsSync(marker)).toBe(false);
  });

  it('an environment variable named in { } is refused rather than written into the page', async () => {
    process.env.SW_GATE_TEST_SECRET = 'gate-test-secret-value';
    try {
      const text = '# Policy\n\nBuild token: {process.env.SW_GATE_TEST_SECRET}\n';
      expect(contentProblem(text, FILE)).toMatchObject({ line: 3, column: 14 });
      const compiled = compileMdxSource(text, FILE, join(root, 'site.config/content'), { quiet: true });
      await expect(compiled).rejects.not.toThrow(/gate-test-secret-value/);
      await expect(compiled).rejects.toThrow(/read as code/);
    } finally {
      delete process.env.SW_GATE_TEST_SECRET;
    }
  });
});
