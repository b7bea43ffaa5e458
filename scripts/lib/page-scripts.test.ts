// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildInlineScripts, inlinable } from './inline-scripts.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('buildInlineScripts', () => {
  it('bundles the shell and the islands loader into scripts that import nothing, the loader carrying the runtime address', { timeout: 60_000 }, async () => {
    const runtime = { url: '/assets/islands-TEST.js', preload: ['/assets/framework-TEST.js', '/assets/island-runtime-TEST.js'] };
    const scripts = await buildInlineScripts(root, runtime);
    for (const code of [scripts.shell, scripts.islands]) {
      // A static import would be a request before the script runs: what inlining is for is to have none.
      expect(code).not.toMatch(/(^|[;}\s])import\s*[{*"'`]|\bfrom\s*["'`]\.?\//);
      expect(code.length).toBeGreaterThan(1000);
    }
    expect(scripts.islands).toContain(runtime.url);
    for (const f of runtime.preload) expect(scripts.islands).toContain(f);
    expect(scripts.islands).not.toContain('SITEWRIGHT_ISLAND_RUNTIME');
    expect(scripts.shell).not.toContain(runtime.url);
    // The shell is what every page runs: no React in it.
    expect(scripts.shell).not.toContain('react.dev/errors');
  });
});

describe('inlinable', () => {
  it('passes code that can sit in a <script> element, and names the file whose code cannot', () => {
    expect(inlinable('a.ts', 'let a=1<2')).toBe('let a=1<2');
    for (const bad of ['x="</script>"', 'x="<!--"', 'x="<SCRIPT"']) expect(() => inlinable('a.ts', bad)).toThrow(/a\.ts holds/);
  });
});
