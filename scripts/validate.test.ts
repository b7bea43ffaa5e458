// @vitest-environment node
/**
 * The validator's behaviour beyond the one-mistake corpus: warnings, report formats, the command line,
 * robustness against broken schemas, the dev-server overlay, editor settings and the scaffolding scripts.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { parseJsonSource } from './lib/config/json-source.ts';
import { collectionsOf, expectedSchemaRef, loadProject } from './lib/project.ts';
import { codeFrame, formatGithub, formatJson, formatPretty } from './lib/report.ts';
import { newForm, newPage, slugForRoute, titleForRoute } from './lib/scaffold.ts';
import type { Diagnostic } from './lib/diagnostics.ts';
import { sitewright } from './lib/vite/plugin.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
const temps: string[] = [];

/** A private copy of site.config/, so a test can write files without touching the real one. */
function configCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sitewright-validator-'));
  temps.push(dir);
  cpSync(join(root, 'site.config'), dir, { recursive: true });
  return dir;
}
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

const page = (blocks: unknown[], extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ $schema: '../../schemas/page.schema.json', route: '/partners', title: 'Partners', description: 'Partner with BuildPad: resellers, lenders and suppliers.', ...extra, blocks }, null, 2)}\n`;

const errorsOf = (ds: Diagnostic[]) => ds.filter((d) => d.severity === 'error');

describe('syntax help', () => {
  test('a byte-order mark is ignored, not reported', () => {
    const src = parseJsonSource('x.json', '\ufeff{"a": 1}');
    expect(src.syntaxErrors).toEqual([]);
    expect(src.value).toEqual({ a: 1 });
  });

  test('a list closed with the wrong bracket says which bracket is missing', () => {
    const src = parseJsonSource('x.json', '{"a": [1, 2}');
    expect(src.syntaxErrors[0].message).toContain('a "]" is missing');
  });

  test('True, undefined and bare words get their own advice', () => {
    expect(parseJsonSource('x.json', '{"a": True}').syntaxErrors[0].suggestion).toContain('lower case');
    expect(parseJsonSource('x.json', '{"a": undefined}').syntaxErrors[0].message).toContain('undefined is not a JSON value');
    expect(parseJsonSource('x.json', '{"a": hello}').syntaxErrors[0].suggestion).toBe('Write "hello".');
  });

  test('only the first syntax problem is reported, since later ones are its knock-on effects', () => {
    const src = parseJsonSource('x.json', '{"a": \'x\', b: 2,}');
    expect(src.syntaxErrors).toHaveLength(1);
  });
});

describe('warnings that do not stop a build', () => {
  test('a fragment no page uses', () => {
    const r = loadProject(
      root,
      {},
      { overlay: { 'faqs/orphan.json': '{ "$schema": "../../schemas/faq-set.schema.json", "items": [{ "question": "Q?", "answer": "A." }] }' } },
    );
    const w = r.diagnostics.find((d) => d.code === 'unused-fragment' && d.file === 'site.config/faqs/orphan.json');
    expect(w?.severity).toBe('warning');
    expect(w?.message).toContain('No page uses');
    expect(r.project).not.toBeNull();
  });

  test('a folder the site does not read, with the folder it probably meant', () => {
    const r = loadProject(root, {}, { overlay: { 'faq/partners.json': '{}' } });
    const w = r.diagnostics.find((d) => d.code === 'unknown-folder');
    expect(w?.severity).toBe('warning');
    expect(w?.suggestion).toContain('site.config/faqs/');
  });

  test('a file in a collection that is not .json', () => {
    const r = loadProject(root, {}, { overlay: { 'pages/partners.jsonc': '{}' } });
    expect(r.diagnostics.find((d) => d.file === 'site.config/pages/partners.jsonc')?.code).toBe('unknown-file');
  });

  test('a "#id" link to no block on the page names the ids that exist', () => {
    const text = page([{ type: 'hero', id: 'top', heading: 'Partners', actions: [{ label: 'Book', href: '#book-demo' }] }]);
    const r = loadProject(root, {}, { overlay: { 'pages/partners.json': text } });
    const w = r.diagnostics.find((d) => d.code === 'unknown-anchor' && d.file === 'site.config/pages/partners.json');
    expect(w).toMatchObject({ severity: 'warning', file: 'site.config/pages/partners.json', path: '/blocks/0/actions/0/href' });
    expect(w?.suggestion).toContain('"#top"');
    // …and the same link to an existing id is fine.
    const ok = loadProject(root, {}, { overlay: { 'pages/partners.json': text.replace('#book-demo', '#top') } });
    expect(ok.diagnostics.filter((d) => d.file === 'site.config/pages/partners.json')).toEqual([]);
  });

  test('a file without "$schema" is told the exact line to add', () => {
    const r = loadProject(root, {}, { overlay: { 'pages/partners.json': page([{ type: 'hero', heading: 'Hi' }]).replace(/\s*"\$schema": "[^"]+",/, '') } });
    const w = r.diagnostics.find((d) => d.code === 'schema-ref');
    expect(w?.severity).toBe('warning');
    expect(w?.suggestion).toContain('"$schema": "../../schemas/page.schema.json"');
  });
});

describe('unknown settings are errors everywhere', () => {
  test('in a shared link definition, in the page header and in site.json', () => {
    const text = page([{ type: 'hero', heading: 'Hi', actions: [{ label: 'Go', href: '/', target: '_blank' }] }], { header: { varient: 'finance' } });
    const r = loadProject(root, {}, { overlay: { 'pages/partners.json': text } });
    const unknown = errorsOf(r.diagnostics)
      .filter((d) => d.code === 'unknown-property')
      .map((d) => d.message);
    expect(unknown.some((m) => m.includes('"target" is not a setting of a link'))).toBe(true);
    expect(unknown.some((m) => m.includes('"varient"'))).toBe(true);
    const varient = errorsOf(r.diagnostics).find((d) => d.message.includes('"varient"'));
    expect(varient?.suggestion).toContain('Did you mean "variant"');
  });
});

describe('a broken schema is reported, never thrown', () => {
  test('invalid JSON and a schema ajv rejects both become errors on the schema file', () => {
    const fake = mkdtempSync(join(tmpdir(), 'sitewright-schemas-'));
    temps.push(fake);
    cpSync(join(root, 'schemas'), join(fake, 'schemas'), { recursive: true });
    writeFileSync(join(fake, 'schemas/blocks/hero.schema.json'), '{ "title": "HeroBlock", }');
    let r = loadProject(fake, {}, { configDir: join(root, 'site.config') });
    expect(r.diagnostics.find((d) => d.file === 'schemas/blocks/hero.schema.json' && d.code === 'schema-syntax')).toBeDefined();
    expect(r.project).toBeNull();

    cpSync(join(root, 'schemas/blocks/hero.schema.json'), join(fake, 'schemas/blocks/hero.schema.json'));
    const faq = JSON.parse(readFileSync(join(root, 'schemas/faq-set.schema.json'), 'utf8'));
    faq.properties.items.requird = ['question'];
    writeFileSync(join(fake, 'schemas/faq-set.schema.json'), JSON.stringify(faq));
    r = loadProject(fake, {}, { configDir: join(root, 'site.config') });
    const problem = r.diagnostics.find((d) => d.code === 'schema-error');
    expect(problem?.file).toBe('schemas/faq-set.schema.json');
    expect(problem?.message).toContain('requird');
  });
});

describe('collections', () => {
  test('a schema can declare its own config folder with "x-collection"', () => {
    const cs = collectionsOf({ 'testimonial-set.schema.json': { 'x-collection': 'testimonials' } });
    expect(cs.find((c) => c.dir === 'testimonials')).toEqual({ dir: 'testimonials', schema: 'testimonial-set.schema.json', kind: 'testimonials' });
    expect(cs.find((c) => c.kind === 'content')?.ext).toBe('.mdx');
  });

  test('every config file names its schema with the path editors resolve', () => {
    expect(expectedSchemaRef('site.json', 'site.schema.json')).toBe('../schemas/site.schema.json');
    expect(expectedSchemaRef('pages/home.json', 'page.schema.json')).toBe('../../schemas/page.schema.json');
    const r = loadProject(root, {});
    expect(r.diagnostics.filter((d) => d.code === 'schema-ref').map((d) => d.file)).toEqual([]);
  });
});

describe('reports', () => {
  const ds: Diagnostic[] = [
    {
      file: 'site.config/pages/a.json',
      line: 2,
      column: 3,
      length: 6,
      path: '/title',
      code: 'too-long',
      severity: 'warning',
      message: 'Long.',
      suggestion: 'Shorten: it, now',
    },
    {
      file: 'site.config/pages/a.json',
      line: 1,
      column: 1,
      path: '',
      code: 'missing-property',
      severity: 'error',
      message: 'Missing "route".\nSecond line',
      suggestion: '100% sure',
    },
  ];

  test('pretty: grouped by file, errors first, with the line and an underline under the column', () => {
    const text = formatPretty(ds, () => '{\n  "title": "x"\n}', { pageCount: 3 });
    expect(text.indexOf('missing-property')).toBeLessThan(text.indexOf('too-long'));
    expect(text.match(/site\.config\/pages\/a\.json\n/g)).toHaveLength(1);
    expect(text).toContain('site.config/pages/a.json:2:3  at /title');
    expect(text).toContain('    2 |   "title": "x"\n      |   ^^^^^^');
    expect(text).toContain('✗ 1 error in 1 file and 1 warning');
    expect(codeFrame('ab\ncd', 2, 2, 1)).toBe('2 | cd\n  |  ^');
  });

  test('github: one workflow command per problem, with properties and data escaped', () => {
    const lines = formatGithub(ds).split('\n');
    expect(lines[0]).toBe(
      '::error file=site.config/pages/a.json,line=1,col=1,title=missing-property at (whole file)::Missing "route".%0ASecond line 100%25 sure',
    );
    expect(lines[1]).toBe('::warning file=site.config/pages/a.json,line=2,col=3,endColumn=9,title=too-long at /title::Long. Shorten: it, now');
    expect(lines[2]).toBe('1 error in config');
  });

  test('json: machine-readable with counts', () => {
    const out = JSON.parse(formatJson(ds, 5));
    expect(out).toMatchObject({ ok: false, errors: 1, warnings: 1, pages: 5 });
    expect(out.diagnostics[0]).toMatchObject({ file: 'site.config/pages/a.json', line: 1, column: 1, path: '', code: 'missing-property' });
  });
});

describe('npm run validate', () => {
  const cli = (args: string[]) =>
    run(process.execPath, ['--import', 'tsx', join(root, 'scripts/validate.ts'), ...args], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '' },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );

  test('exits 1 with annotations on a broken config, 0 on the real one, 2 on a bad format', async () => {
    const dir = configCopy();
    writeFileSync(join(dir, 'pages/partners.json'), page([{ type: 'heroo', heading: 'Hi' }]));
    const broken = await cli(['--config-dir', dir, '--format', 'github']);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(
      /^::error file=site\.config\/pages\/partners\.json,line=8,col=7,endColumn=\d+,title=unknown-block at \/blocks\/0\/type::Unknown block type "heroo"\. Did you mean "hero"\?/m,
    );

    const json = await cli(['--config-dir', dir, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, errors: 1 });

    rmSync(join(dir, 'pages/partners.json'));
    const ok = await cli(['--config-dir', dir]);
    expect(ok.stdout).toContain('✓ config OK');
    expect(ok.code).toBe(0);

    expect((await cli(['--format', 'xml'])).code).toBe(2);
  }, 120_000);
});

describe('dev-server overlay', () => {
  const devServer = (dir: string) => {
    const plugin = sitewright({ root, env: {}, configDir: dir });
    const sent: { type: string; err?: { message: string; loc?: { line: number } } }[] = [];
    const handlers: Record<string, (file: string) => void> = {};
    const server = {
      watcher: { add: () => undefined, on: (ev: string, fn: (f: string) => void) => void (handlers[ev] = fn) },
      ws: { send: (m: (typeof sent)[number]) => void sent.push(m) },
      moduleGraph: { idToModuleMap: new Map(), invalidateModule: () => undefined },
      middlewares: { use: () => undefined },
    };
    (plugin.configureServer as (s: unknown) => unknown)(server);
    return { sent, handlers };
  };
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  test('shows the same grouped text, with the code frame, that npm run validate prints', () => {
    const dir = configCopy();
    writeFileSync(join(dir, 'pages/partners.json'), page([{ type: 'hero', heading: 42 }]));
    const { sent, handlers } = devServer(dir);
    handlers.change(join(dir, 'pages/partners.json'));
    vi.runAllTimers();
    const err = sent.find((m) => m.type === 'error')?.err;
    const r = loadProject(root, {}, { configDir: dir });
    const expected = formatPretty(errorsOf(r.diagnostics), (f) => r.sources[f], { summary: false });
    expect(err?.message).toContain(expected);
    expect(err?.message).toContain('This should be text in double quotes, but it is 42.');
    expect(err?.loc?.line).toBe(9);

    // Fixed and saved: the page reloads instead.
    writeFileSync(join(dir, 'pages/partners.json'), page([{ type: 'hero', heading: 'Partners' }]));
    handlers.change(join(dir, 'pages/partners.json'));
    vi.runAllTimers();
    expect(sent[sent.length - 1]).toEqual({ type: 'full-reload' });
  });

  test('a save reported while the file is still empty is read once it has been written', () => {
    const dir = configCopy();
    const file = join(dir, 'pages/partners.json');
    const { sent, handlers } = devServer(dir);
    // The editor truncates the file and the watcher reports it; the write that follows falls inside the watcher's
    // throttle, so no second event comes.
    writeFileSync(file, '');
    handlers.change(file);
    writeFileSync(file, page([{ type: 'heroo', heading: 'Partners' }]));
    vi.runAllTimers();
    const errors = sent.filter((m) => m.type === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0].err?.message).toContain('Unknown block type "heroo"');
    expect(errors[0].err?.message).not.toContain('The file is empty');
  });
});

describe('editor help without setup', () => {
  const settings = JSON.parse(readFileSync(join(root, '.vscode/settings.json'), 'utf8')) as { 'json.schemas': { fileMatch: string[]; url: string }[] };
  const glob = (pattern: string) =>
    new RegExp(
      `${pattern
        .replace(/^\*\*\//, '(^|/)')
        .replace(/\./g, '\\.')
        .replace(/\*/g, '[^/]*')}$`,
    );
  const schemaFor = (rel: string) => settings['json.schemas'].find((s) => s.fileMatch.some((m) => glob(m).test(`/${rel}`)))?.url;

  test('every config file is mapped to the schema the validator uses, and carries that schema itself', () => {
    const r = loadProject(root, {});
    expect(r.project).not.toBeNull();
    const files = Object.keys(r.sources).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const url = schemaFor(f);
      expect(url, `${f} has a schema in .vscode/settings.json`).toBeDefined();
      expect(existsSync(join(root, url!))).toBe(true);
      const own = (JSON.parse(r.sources[f]) as { $schema?: string }).$schema;
      expect(own && join(root, f, '..', own), `${f} "$schema"`).toBe(join(root, url!));
    }
  });

  test('block examples are mapped to the block schema', () => {
    const example = readdirSync(join(root, 'blocks')).find((d) => existsSync(join(root, 'blocks', d, 'example.json')));
    expect(schemaFor(`blocks/${example}/example.json`)).toBe('./schemas/block.schema.json');
  });
});

describe('scaffolding', () => {
  test('new-page copies a page, gives it a fresh route, title and description, and the result validates', () => {
    const dir = configCopy();
    const r = newPage({ root, configDir: dir, route: '/partners', from: 'owner' });
    expect(r.ok).toBe(true);
    expect(r.lines.join('\n')).toMatch(
      /Created site\.config\/pages\/partners\.json \(a copy of site\.config\/pages\/owner\.json\)[\s\S]*http:\/\/127\.0\.0\.1:5173\/partners/,
    );
    const created = JSON.parse(readFileSync(join(dir, 'pages/partners.json'), 'utf8'));
    const owner = JSON.parse(readFileSync(join(dir, 'pages/owner.json'), 'utf8'));
    expect(created).toMatchObject({ $schema: '../../schemas/page.schema.json', route: '/partners', title: 'Partners', blocks: owner.blocks });
    expect(created.description).not.toBe(owner.description);
    const check = loadProject(root, {}, { configDir: dir });
    expect(errorsOf(check.diagnostics)).toEqual([]);
    expect(check.project?.pages.some((p) => p.config.route === '/partners')).toBe(true);
  });

  test('new-page without --from writes a minimal page; it refuses taken routes, bad routes and unknown sources', () => {
    const dir = configCopy();
    expect(newPage({ root, configDir: dir, route: '/partner-program' }).ok).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'pages/partner-program.json'), 'utf8')).blocks[0]).toMatchObject({ type: 'hero', heading: 'Partner program' });
    expect(newPage({ root, configDir: dir, route: '/owner' }).lines[0]).toContain('already the page site.config/pages/owner.json');
    expect(newPage({ root, configDir: dir, route: 'Partners Page' }).lines[0]).toContain('"/partners-page"');
    expect(newPage({ root, configDir: dir, route: '/x', from: 'ownr' }).lines[0]).toContain('Did you mean "owner"');
    expect(newPage({ root, configDir: dir, route: '/canpad' }).ok).toBe(false);
    expect(slugForRoute('/pricing/partners')).toBe('pricing-partners');
    expect(titleForRoute('/referral/:refId')).toBe('RefId');
  });

  test('new-page writes nothing for a route it refuses ("//vendors" once became pages/-vendors.json)', () => {
    const dir = configCopy();
    const before = readdirSync(join(dir, 'pages')).sort();
    for (const route of [
      '//vendors',
      '/vendors/',
      '/Vendors',
      'vendors',
      'Vendors page',
      '/vendors page',
      '/-vendors',
      '/a--b',
      '/',
      '/owner',
      '/canpad',
      '',
    ]) {
      const r = newPage({ root, configDir: dir, route });
      expect(r.ok, route).toBe(false);
    }
    expect(newPage({ root, configDir: dir, route: '//vendors' }).lines[0]).toContain('Use "/vendors"');
    expect(newPage({ root, configDir: dir, route: '/vendors', file: '-vendors' }).ok).toBe(false);
    expect(readdirSync(join(dir, 'pages')).sort()).toEqual(before);
  });

  test('the checker refuses "//vendors" and other malformed routes in plain words with the address to use', () => {
    const dir = configCopy();
    for (const [route, fixed] of [
      ['//vendors', '/vendors'],
      ['/vendors/', '/vendors'],
      ['/Vendors Page', '/vendors-page'],
    ]) {
      writeFileSync(join(dir, 'pages/partners.json'), page([{ type: 'hero', heading: 'Partners' }], { route }));
      const d = errorsOf(loadProject(root, {}, { configDir: dir }).diagnostics).find((x) => x.file === 'site.config/pages/partners.json');
      expect(d, route).toMatchObject({ code: 'bad-route', path: '/route', line: 3, message: `${JSON.stringify(route)} is not a valid route.` });
      expect(d?.suggestion).toMatch(new RegExp(`^Use ${fixed}\\. `));
    }
  });

  test('new-form writes a form that validates, from the template or a copy', () => {
    const dir = configCopy();
    const minimal = newForm({ root, configDir: dir, id: 'partner-enquiry' });
    expect(minimal.ok).toBe(true);
    const copy = newForm({ root, configDir: dir, id: 'partner-contact', from: readdirSync(join(dir, 'forms'))[0] });
    expect(copy.ok).toBe(true);
    const check = loadProject(root, {}, { configDir: dir });
    expect(errorsOf(check.diagnostics)).toEqual([]);
    // Until a page uses them, the validator says so.
    expect(check.diagnostics.filter((d) => d.code === 'unused-fragment').map((d) => d.file)).toEqual(
      expect.arrayContaining(['site.config/forms/partner-enquiry.json', 'site.config/forms/partner-contact.json']),
    );
    expect(newForm({ root, configDir: dir, id: 'Bad Name' }).ok).toBe(false);
  });
});

describe('one mistake, one error', () => {
  test('a page with a mistake still owns its route, so links to it are not reported as broken too', () => {
    const text = page([{ type: 'heroo', heading: 'Hi' }]);
    const home = readFileSync(join(root, 'site.config/pages/home.json'), 'utf8');
    const homeLinking = home.replace(
      /"blocks": \[/,
      '"blocks": [\n    { "type": "hero", "headingLevel": 2, "heading": "Partners", "actions": [{ "label": "Partners", "href": "/partners" }] },',
    );
    const r = loadProject(root, {}, { overlay: { 'pages/partners.json': text, 'pages/home.json': homeLinking } });
    expect(errorsOf(r.diagnostics).map((d) => `${d.file} ${d.code}`)).toEqual(['site.config/pages/partners.json unknown-block']);
  });
});
