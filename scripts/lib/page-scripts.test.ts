// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blockScriptFolders, blockScriptsModule, buildPageScripts, inlinable, islandsStart } from './page-scripts.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('buildPageScripts', () => {
  it(
    'bundles the shell (inline) and the islands loader (a file it names) into scripts that import nothing, the loader carrying the runtime address',
    { timeout: 60_000 },
    async () => {
      const out = mkdtempSync(join(tmpdir(), 'sitewright-page-scripts-'));
      try {
        const runtime = {
          url: '/assets/islands-TEST.js',
          registry: '/assets/registry-TEST.js',
          preload: ['/assets/framework-TEST.js', '/assets/island-runtime-TEST.js'],
          blocks: { enquiry: ['/assets/Enquiry-TEST.js'] },
          lazy: { 'renderer/forms/FormRenderer.tsx': ['/assets/FormRenderer-TEST.js'] },
        };
        const scripts = await buildPageScripts(root, out, runtime);
        const { loaderFile } = scripts;
        const shell = await scripts.shell({ islands: true, notFound: true, gate: true, laterStyles: true });
        expect(loaderFile).toMatch(/^assets\/islands-loader-[0-9a-f]{8}\.js$/);
        const loader = readFileSync(join(out, loaderFile), 'utf8');
        for (const code of [shell, loader]) {
          // A static import would be a request before the script runs: each must arrive as one piece.
          expect(code).not.toMatch(/(^|[;}\s])import\s*[{*"'`]|\bfrom\s*["'`]\.?\//);
          expect(code.length).toBeGreaterThan(1000);
        }
        expect(shell).toContain(`/${loaderFile}`);
        expect(loader).toContain(runtime.url);
        for (const f of [...runtime.preload, ...runtime.blocks.enquiry, ...runtime.lazy['renderer/forms/FormRenderer.tsx']]) expect(loader).toContain(f);
        for (const code of [shell, loader]) expect(code).not.toMatch(/SITEWRIGHT_ISLANDS?_/);
        // The shell is what every page runs: no React in it.
        expect(shell).not.toContain('react.dev/errors');

        // A page gets only the parts it uses: here a static page, neither gated nor the not-found page.
        const bare = await scripts.shell({ islands: false, notFound: false, gate: false, laterStyles: false });
        expect(bare.length).toBeLessThan(shell.length);
        expect(bare).toContain('popovertarget');
        for (const part of [loaderFile, 'sw-gated', 'data-image-wait', 'early-events', 'data-later-styles']) {
          expect(shell).toContain(part);
          expect(bare).not.toContain(part);
        }
        expect(await scripts.shell({ islands: false, notFound: false, gate: false, laterStyles: false })).toBe(bare);
        // Every page counts its view; only a page with a dialog island catches the clicks that open one early.
        for (const code of [shell, bare]) expect(code).toContain('prerenderingchange');
        const noDialogs = await scripts.shell({ islands: true, notFound: false, gate: false, laterStyles: false, dialogs: false });
        expect(noDialogs).toContain('early-events');
        expect(shell).toContain('a[href^="#"]');
        expect(noDialogs).not.toContain('a[href^="#"]');
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
  );
});

/** A blocks folder with scripts for "priceTable" and "slides", and a folder without one ("plain"). */
function fixtureBlocks(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sitewright-block-scripts-'));
  for (const [folder, marker] of [
    ['PriceTable', 'fixture-price-table'],
    ['Slides', 'fixture-slides'],
  ]) {
    mkdirSync(join(dir, folder));
    writeFileSync(join(dir, folder, 'script.ts'), `export default function start(block: HTMLElement): void {\n  block.dataset.started = '${marker}';\n}\n`);
  }
  mkdirSync(join(dir, 'Plain'));
  writeFileSync(join(dir, 'Plain', 'index.tsx'), 'export default function Plain() { return null; }\n');
  return dir;
}

describe('blockScriptFolders', () => {
  it('names, sorted and once each, the folders of the given types that have a script', () => {
    const dir = fixtureBlocks();
    try {
      expect(blockScriptFolders(dir, ['slides', 'plain', 'priceTable', 'slides', 'missing'])).toEqual(['PriceTable', 'Slides']);
      expect(blockScriptFolders(dir, ['plain'])).toEqual([]);
      expect(blockScriptFolders(dir, [])).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds the scripts the project’s blocks have by the same convention', () => {
    const blocks = join(root, 'blocks');
    const types = ['hero', 'faq', 'pricingPlans', 'liveProjects', 'testimonials', 'referralRedirect'];
    for (const folder of blockScriptFolders(blocks, types)) expect(readFileSync(join(blocks, folder, 'script.ts'), 'utf8')).toMatch(/export default/);
  });
});

describe('blockScriptsModule', () => {
  it('imports each script by its path and maps it to its block type', () => {
    const code = blockScriptsModule('/site/blocks', ['PriceTable', 'Slides']);
    expect(code).toContain('import s0 from "/site/blocks/PriceTable/script.ts";');
    expect(code).toContain('import s1 from "/site/blocks/Slides/script.ts";');
    expect(code).toContain('export const PAGE_BLOCK_SCRIPTS = { "priceTable": s0, "slides": s1 };');
    expect(blockScriptsModule('/site/blocks', [])).toContain('export const PAGE_BLOCK_SCRIPTS = {  };');
  });
});

describe('the shell with block scripts', () => {
  it('carries the scripts of the page’s blocks, each once, and a page without any carries none', { timeout: 120_000 }, async () => {
    const out = mkdtempSync(join(tmpdir(), 'sitewright-page-scripts-'));
    const blocksDir = fixtureBlocks();
    try {
      const scripts = await buildPageScripts(
        root,
        out,
        { url: '/assets/islands-TEST.js', registry: '/assets/registry-TEST.js', preload: [], blocks: {}, lazy: {} },
        { blocksDir },
      );
      const parts = { islands: false, notFound: false, gate: false, laterStyles: false };
      const none = await scripts.shell(parts);
      const one = await scripts.shell({ ...parts, blockScripts: ['PriceTable'] });
      const both = await scripts.shell({ ...parts, blockScripts: ['Slides', 'PriceTable'] });
      const count = (code: string, s: string) => code.split(s).length - 1;
      for (const marker of ['fixture-price-table', 'fixture-slides']) expect(none).not.toContain(marker);
      expect(count(one, 'fixture-price-table')).toBe(1);
      expect(one).not.toContain('fixture-slides');
      expect(count(both, 'fixture-price-table')).toBe(1);
      expect(count(both, 'fixture-slides')).toBe(1);
      // Started by type, on the blocks' wrappers; the page without scripts carries no code to start any.
      expect(both).toMatch(/["']?priceTable["']?:/);
      expect(both).toMatch(/data-block=/);
      expect(none).not.toMatch(/data-block=/);
      // The order the page lists its folders in makes no second bundle.
      expect(await scripts.shell({ ...parts, blockScripts: ['PriceTable', 'Slides'] })).toBe(both);
    } finally {
      rmSync(out, { recursive: true, force: true });
      rmSync(blocksDir, { recursive: true, force: true });
    }
  });
});

describe('inlinable', () => {
  it('passes code that can sit in a <script> element, and names the file whose code cannot', () => {
    expect(inlinable('a.ts', 'let a=1<2')).toBe('let a=1<2');
    for (const bad of ['x="</script>"', 'x="<!--"', 'x="<SCRIPT"']) expect(() => inlinable('a.ts', bad)).toThrow(/a\.ts holds/);
  });
});

describe('islandsStart', () => {
  it('waits for the visitor when every island waits for interaction, or is seen only under a media query', () => {
    expect(islandsStart([{}, { hydrate: 'interaction' }])).toEqual({ intent: true, seen: false });
    expect(islandsStart([{ hydrate: 'visible', media: '(min-width: 960px)' }, { hydrate: 'interaction' }])).toEqual({ intent: true, seen: true });
    expect(islandsStart([])).toEqual({ intent: true, seen: false });
  });

  it('asks after the first paint when an island is seen everywhere, or starts at load or when idle', () => {
    expect(islandsStart([{ hydrate: 'visible' }, { hydrate: 'interaction' }])).toEqual({ intent: false, seen: true });
    expect(islandsStart([{}, { hydrate: 'load' }])).toEqual({ intent: false, seen: false });
    expect(islandsStart([{ hydrate: 'idle', media: '(min-width: 960px)' }])).toEqual({ intent: false, seen: false });
  });
});
