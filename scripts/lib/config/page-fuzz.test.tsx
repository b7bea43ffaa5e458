// @vitest-environment node
/**
 * Generated fuzz test: mutates the real config files (and every block example, as one extra page) at random with a
 * fixed seed, and checks that the validator never throws, always points at a real place, and never accepts a config
 * the renderer cannot render (every accepted page is server-rendered with the real blocks and layout).
 * FUZZ_SEED and FUZZ_COUNT explore other cases; the defaults keep the run deterministic.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { blockRegistry } from '../../../blocks/registry.ts';
import { Layout } from '../../../renderer/layout/Layout.tsx';
import { blockSet } from '../../../renderer/lib/blocks.ts';

const siteBlocks = blockSet(blockRegistry);
import { PageProvider, SiteProvider } from '../../../renderer/lib/site-context.tsx';
import type { Block, PageConfig } from '../../../renderer/generated/config-types.ts';
import { cataloguePage, blockCatalogue } from '../catalogue.ts';
import type { Diagnostic } from '../diagnostics.ts';
import { loadProject, type Project } from '../project.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const COUNT = Number(process.env.FUZZ_COUNT ?? 300);

/** mulberry32: small, fast and the same on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
  };
}
type Rng = ReturnType<typeof prng>;
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];

const ODD_VALUES: Json[] = [
  42,
  -1,
  0,
  1.5,
  1e12,
  true,
  false,
  null,
  '',
  ' ',
  'x',
  [],
  {},
  [1, 2],
  { a: 1 },
  'javascript:alert(1)',
  'data:text/html,hi',
  'http://insecure.example',
  '/nope',
  '/owner',
  '/',
  '@nope',
  '@signin',
  '#nope',
  '#faq',
  'https://ok.example',
  'mailto:hi@buildpad.example',
  '../contact',
  '<script>alert(1)</script>',
  '🙂 ünïcode',
  'x'.repeat(300),
  'light',
  'dark',
];

function nodes(v: Json, path: Path = [], out: { path: Path; value: Json }[] = []) {
  out.push({ path, value: v });
  if (Array.isArray(v)) v.forEach((c, i) => nodes(c, [...path, i], out));
  else if (v && typeof v === 'object') for (const [k, c] of Object.entries(v)) if (k !== '$schema') nodes(c, [...path, k], out);
  return out;
}

function getAt(v: Json, path: Path): Json {
  return path.reduce<Json>((o, k) => (o as Record<string | number, Json>)[k], v);
}

function setAt(v: Json, path: Path, value: Json | undefined): void {
  const parent = getAt(v, path.slice(0, -1)) as Record<string | number, Json> | Json[];
  const key = path[path.length - 1];
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete (parent as Record<string, Json>)[key as string];
  } else (parent as Record<string | number, Json>)[key] = value;
}

/** Values seen under each setting name across the whole config: transplanting them yields plausible, often valid, configs. */
function valuesByKey(docs: Json[]): Map<string, Json[]> {
  const m = new Map<string, Json[]>();
  for (const d of docs) {
    for (const n of nodes(d)) {
      const k = n.path[n.path.length - 1];
      if (typeof k === 'string') m.set(k, [...(m.get(k) ?? []), n.value]);
    }
  }
  return m;
}

const clone = <T,>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function mutate(rng: Rng, text: string, value: Json, pool: Map<string, Json[]>, examples: Json[]): { text: string; how: string } {
  const kind = rng.int(10);
  if (kind === 0) {
    // Text-level slips: a deleted or stray character, or a file cut short.
    const at = rng.int(text.length);
    const slip = rng.int(3);
    if (slip === 0) return { text: text.slice(0, at) + text.slice(at + 1), how: `delete char ${at}` };
    if (slip === 1) {
      const c = rng.pick([',', '{', '}', '"', ']', ':', "'", '/', '\u201c']);
      return { text: text.slice(0, at) + c + text.slice(at), how: `insert ${c} at ${at}` };
    }
    return { text: text.slice(0, at), how: `truncate at ${at}` };
  }
  const v = clone(value);
  const all = nodes(v).filter((n) => n.path.length > 0);
  const target = rng.pick(all);
  const key = target.path[target.path.length - 1];
  let how: string;
  switch (kind) {
    case 1:
      setAt(v, target.path, undefined);
      how = `remove ${target.path.join('/')}`;
      break;
    case 2: {
      const odd = rng.pick(ODD_VALUES);
      setAt(v, target.path, clone(odd));
      how = `set ${target.path.join('/')} = ${JSON.stringify(odd).slice(0, 40)}`;
      break;
    }
    case 3:
    case 4:
    case 5: {
      // Most useful for the render check: a value seen elsewhere under the same name, usually valid here too.
      const seen = typeof key === 'string' ? pool.get(key) : undefined;
      const replacement = seen?.length ? rng.pick(seen) : rng.pick(ODD_VALUES);
      setAt(v, target.path, clone(replacement));
      how = `transplant ${target.path.join('/')} = ${JSON.stringify(replacement).slice(0, 40)}`;
      break;
    }
    case 6: {
      const objects = all.filter((n) => n.value && typeof n.value === 'object' && !Array.isArray(n.value));
      const obj = objects.length ? rng.pick(objects) : { path: [] as Path, value: v };
      const o = getAt(v, obj.path) as Record<string, Json>;
      const names = Object.keys(o);
      if (names.length && rng.next() < 0.5) {
        // A typo in a setting name.
        const name = rng.pick(names);
        const typo = name.length > 2 ? name.slice(0, -2) + name.slice(-1) : `${name}x`;
        o[typo] = o[name];
        delete o[name];
        how = `rename ${obj.path.join('/')}/${name} → ${typo}`;
      } else {
        o.extraSetting = 'surprise';
        how = `add ${obj.path.join('/')}/extraSetting`;
      }
      break;
    }
    case 7: {
      const arrays = all.filter((n) => Array.isArray(n.value) && (n.value as Json[]).length > 0);
      if (!arrays.length) return { text: text.replace(/\}\s*$/, ',}'), how: 'trailing comma' };
      const arr = getAt(v, rng.pick(arrays).path) as Json[];
      const op = rng.int(3);
      if (op === 0) arr.push(clone(arr[rng.int(arr.length)]));
      else if (op === 1) arr.splice(rng.int(arr.length), 1);
      else arr.length = 0;
      how = ['duplicate item', 'remove item', 'empty list'][op];
      break;
    }
    case 8: {
      // Swap a block's type: its settings now belong to another block.
      const blocks = all.filter((n) => n.path.length >= 2 && n.path[n.path.length - 2] === 'blocks' && typeof n.path[n.path.length - 1] === 'number');
      if (!blocks.length) return mutate(rng, text, value, pool, examples);
      const b = getAt(v, rng.pick(blocks).path) as Record<string, Json>;
      b.type = rng.pick(blockRegistry).type;
      how = `block type → ${b.type}`;
      break;
    }
    default: {
      // Add a block from the catalogue examples to a page.
      const page = v as { blocks?: Json[] };
      if (!Array.isArray(page.blocks) || !examples.length) return mutate(rng, text, value, pool, examples);
      const ex = clone(rng.pick(examples));
      page.blocks.splice(rng.int(page.blocks.length + 1), 0, ex);
      how = `insert ${(ex as { type?: string }).type} block`;
    }
  }
  return { text: `${JSON.stringify(v, null, 2)}\n`, how };
}

function wellFormed(d: Diagnostic, texts: Record<string, string>) {
  expect(typeof d.file === 'string' && d.file.length > 0).toBe(true);
  expect(Number.isInteger(d.line) && d.line >= 1).toBe(true);
  expect(Number.isInteger(d.column) && d.column >= 1).toBe(true);
  expect(typeof d.path).toBe('string');
  expect(d.message.trim().length).toBeGreaterThan(0);
  expect(d.code.length).toBeGreaterThan(0);
  expect(['error', 'warning']).toContain(d.severity);
  const text = texts[d.file];
  if (text !== undefined) expect(d.line).toBeLessThanOrEqual(text.split('\n').length);
}

async function renderPage(project: Project, slug: string): Promise<string> {
  const p = project.pages.find((x) => x.slug === slug);
  if (!p) throw new Error(`no page ${slug}`);
  const page = p.config as PageConfig;
  const fragments: Record<string, Record<string, unknown>> = {};
  for (const ref of p.fragments) {
    // MDX is compiled as the page module compiles it; the fuzz never changes .mdx files, so compile each once.
    (fragments[ref.kind] ??= {})[ref.id] = ref.kind === 'content' ? await compiled(project.configDir, ref.id) : project.fragments[ref.kind]?.[ref.id];
  }
  const components = await Promise.all(page.blocks.map((b) => siteBlocks.components.load(b.type)));
  // Blocks are rendered directly, without the error boundary and Suspense the app wraps them in, so a throw surfaces here.
  return renderToString(
    <StaticRouter location={page.route.replace(/:([a-zA-Z]+)/g, '_$1')}>
      <SiteProvider value={project.site}>
        <PageProvider value={{ page, fragments }}>
          <Layout header={page.header} bare={page.layout === 'bare'}>
            {page.blocks.map((b, i) => {
              const C = components[i];
              return <C key={i} {...(b as Block)} />;
            })}
          </Layout>
        </PageProvider>
      </SiteProvider>
    </StaticRouter>,
  );
}

const mdxCache = new Map<string, Promise<unknown>>();
function compiled(configDir: string, id: string): Promise<unknown> {
  if (!mdxCache.has(id))
    mdxCache.set(
      id,
      import('../mdx-content.ts').then((m) => m.compileContent(configDir, id)),
    );
  return mdxCache.get(id)!;
}

describe('validator fuzz', () => {
  test(`${COUNT} seeded mutations (seed ${SEED}): never throws, never accepts what cannot render`, async () => {
    const configDir = join(root, 'site.config');
    const targets: string[] = ['site.json'];
    for (const dir of ['pages', 'faqs', 'forms']) {
      try {
        for (const f of readdirSync(join(configDir, dir))
          .filter((x) => x.endsWith('.json'))
          .sort())
          targets.push(`${dir}/${f}`);
      } catch {
        // folder not there yet
      }
    }
    const texts: Record<string, string> = Object.fromEntries(targets.map((t) => [t, readFileSync(join(configDir, t), 'utf8')]));
    // Every block example on one extra page, so blocks no page uses yet are fuzzed too.
    const examplePage = { $schema: '../../schemas/page.schema.json', ...cataloguePage(blockCatalogue(root)), route: '/fuzz-examples' };
    texts['pages/zz-fuzz-examples.json'] = `${JSON.stringify(examplePage, null, 2)}\n`;
    targets.push('pages/zz-fuzz-examples.json');
    const parsed = Object.fromEntries(targets.map((t) => [t, JSON.parse(texts[t]) as Json]));
    const pool = valuesByKey(Object.values(parsed));
    const examples = (examplePage.blocks as Json[]).filter(Boolean);

    // The unmutated starting point must itself be accepted and render, or nothing below means anything.
    // A page of every example has many main headings by design: it is a specimen, not a page.
    const specimenPages = ['pages/zz-fuzz-examples.json'];
    const base = loadProject(root, {}, { overlay: { 'pages/zz-fuzz-examples.json': texts['pages/zz-fuzz-examples.json'] }, specimenPages });
    expect(base.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(base.project).not.toBeNull();

    const rng = prng(SEED);
    let accepted = 0;
    let rendered = 0;
    let rejected = 0;
    for (let i = 0; i < COUNT; i++) {
      const file = rng.pick(targets);
      const { text, how } = mutate(rng, texts[file], parsed[file], pool, examples);
      const overlay = { 'pages/zz-fuzz-examples.json': texts['pages/zz-fuzz-examples.json'], [file]: text };
      const label = `#${i} ${file}: ${how}`;
      let result: ReturnType<typeof loadProject>;
      try {
        result = loadProject(root, {}, { overlay, specimenPages });
      } catch (e) {
        throw new Error(`validator threw on ${label}: ${e instanceof Error ? e.stack : String(e)}`);
      }
      const shownTexts = Object.fromEntries(Object.entries(overlay).map(([k, v]) => [`site.config/${k}`, v]));
      for (const d of result.diagnostics) wellFormed(d, shownTexts);
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      expect(result.project === null, `${label}: project is null exactly when there are errors`).toBe(errors.length > 0);
      if (!result.project) {
        rejected++;
        continue;
      }
      accepted++;
      // Render what the change can affect: the page itself, or for shared files every page that uses them.
      const slugs = file.startsWith('pages/')
        ? [file.slice('pages/'.length, -'.json'.length)]
        : file === 'site.json'
          ? [result.project.pages[0].slug]
          : result.project.pages.filter((p) => p.fragments.some((r) => `${r.kind}/${r.id}.json` === file)).map((p) => p.slug);
      for (const slug of slugs) {
        try {
          const html = await renderPage(result.project, slug);
          expect(html.length, label).toBeGreaterThan(0);
          rendered++;
        } catch (e) {
          throw new Error(`validator accepted ${label}, but page "${slug}" does not render: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
    }
    if (process.env.FUZZ_VERBOSE) console.log(`fuzz seed ${SEED}: ${accepted} accepted (${rendered} page renders), ${rejected} rejected`);
    // Both branches must have been exercised, or the test proves nothing.
    expect(rejected).toBeGreaterThan(COUNT / 10);
    expect(accepted).toBeGreaterThan(COUNT / 10);
    expect(rendered).toBeGreaterThan(0);
    // A generous cap only so a hung render cannot stall the suite; the run normally takes seconds.
  }, 600_000);
});
