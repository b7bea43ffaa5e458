// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { REACT_ONLY_SRC, controlBuild, withModuleScript, withoutScripts } from '../../scripts/lib/audit-control.ts';

const root = join(import.meta.dirname, '../..');
const page = [
  '<!doctype html><html lang="en"><head><title>t</title>',
  '<script type="module" src="/assets/entry.js" fetchpriority="low"></script>',
  '<link rel="modulepreload" href="/assets/page.js" fetchpriority="low">',
  '<link rel="stylesheet" href="/assets/a.css" disabled>',
  `</head><body><main><h1>Hello</h1><p>${'Text. '.repeat(200)}</p></main></body></html>`,
].join('');

describe('withoutScripts', () => {
  it('takes out module scripts and script preloads and keeps everything else', () => {
    const out = withoutScripts(page);
    expect(out).not.toMatch(/<script|modulepreload/);
    expect(out).toContain('<link rel="stylesheet" href="/assets/a.css" disabled>');
    expect(out).toContain('<h1>Hello</h1>');
  });
});

describe('withModuleScript', () => {
  it('adds one low-priority module script at the end of the head', () => {
    const out = withModuleScript(withoutScripts(page), '/assets/x.js');
    expect(out.match(/<script/g)).toHaveLength(1);
    expect(out).toContain('<script type="module" src="/assets/x.js" fetchpriority="low"></script></head>');
  });

  it('refuses a page without a head rather than measuring a page without the script', () => {
    expect(() => withModuleScript('<p>no head</p>', '/assets/x.js')).toThrow(/<\/head>/);
  });
});

describe('controlBuild', () => {
  it('copies the build with its pages rewritten and compressed again, leaving the original alone', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'control-test-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), page);
    // A stale precompressed copy, as the build leaves beside every page.
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(page));
    const dirs: string[] = [];
    try {
      const none = await controlBuild(root, dist, 'no scripts');
      const react = await controlBuild(root, dist, 'React only');
      dirs.push(none, react);

      const noneHtml = readFileSync(join(none, 'index.html'), 'utf8');
      expect(noneHtml).not.toContain('<script');
      expect(brotliDecompressSync(readFileSync(join(none, 'index.html.br'))).toString()).toBe(noneHtml);
      expect(gunzipSync(readFileSync(join(none, 'index.html.gz'))).toString()).toBe(noneHtml);

      const reactHtml = readFileSync(join(react, 'index.html'), 'utf8');
      expect(reactHtml.match(/<script[^>]*>/g)).toEqual([`<script type="module" src="${REACT_ONLY_SRC}" fetchpriority="low">`]);
      const bundle = readFileSync(join(react, REACT_ONLY_SRC), 'utf8');
      // react-dom's production build, not its development one.
      expect(bundle).toContain('react.dev/errors');
      expect(bundle).not.toContain('ReactDOM.render is no longer supported');

      expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe(page);
    } finally {
      for (const d of [dist, ...dirs]) rmSync(d, { recursive: true, force: true });
    }
  });
});
