// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildPageScripts, inlinable } from './page-scripts.ts';

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
        for (const f of runtime.preload) expect(loader).toContain(f);
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

describe('inlinable', () => {
  it('passes code that can sit in a <script> element, and names the file whose code cannot', () => {
    expect(inlinable('a.ts', 'let a=1<2')).toBe('let a=1<2');
    for (const bad of ['x="</script>"', 'x="<!--"', 'x="<SCRIPT"']) expect(() => inlinable('a.ts', bad)).toThrow(/a\.ts holds/);
  });
});
