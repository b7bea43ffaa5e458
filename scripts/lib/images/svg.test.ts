// @vitest-environment node
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compressedCopies } from '../compressed-copies.ts';
import { optimiseSvg, optimiseSvgCopies } from './svg.ts';

const labelled = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Drawn by hand -->
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 150" width="200" height="150" role="img" aria-labelledby="t">
  <title id="t">A referral dashboard with charts</title>
  <desc id="d">Three bars rising from left to right</desc>
  <metadata>editor data</metadata>
  <g>
    <rect x="0.000" y="0.000" width="200.000" height="150.000" fill="#ffffff" />
    <path d="M 10.000 140.000 L 10.000 100.000 L 40.000 100.000 L 40.000 140.000 Z" fill="#0055cc" />
    <path d="M 60.000 140.000 L 60.000 70.000 L 90.000 70.000 L 90.000 140.000 Z" fill="#0055cc" />
    <path d="M 110.000 140.000 L 110.000 40.000 L 140.000 40.000 L 140.000 140.000 Z" fill="#0055cc" />
  </g>
</svg>`;

describe('optimiseSvg', () => {
  it('is smaller, and keeps the viewBox, size, role, label, title and description', async () => {
    const out = await optimiseSvg(labelled);
    expect(out.length).toBeLessThan(labelled.length);
    for (const kept of [
      'viewBox="0 0 200 150"',
      'width="200"',
      'height="150"',
      'role="img"',
      'aria-labelledby="t"',
      '<title id="t">A referral dashboard with charts</title>',
      'Three bars rising from left to right',
    ])
      expect(out).toContain(kept);
    expect(out).not.toContain('Drawn by hand');
    expect(out).not.toContain('editor data');
  });

  it('drops any script and event attribute that reached it', async () => {
    const out = await optimiseSvg(labelled.replace('<g>', '<script>alert(1)</script><g onclick="alert(2)">'));
    expect(out).not.toMatch(/script|onclick|alert/i);
  });

  it('leaves a file svgo cannot shorten as it is', async () => {
    const tight = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>';
    expect(await optimiseSvg(tight)).toBe(tight);
  });
});

describe('optimiseSvgCopies', () => {
  it('rewrites the output copy of each SVG in the assets folder, and nothing else', async () => {
    const base = mkdtempSync(join(tmpdir(), 'sitewright-svg-test-'));
    try {
      mkdirSync(join(base, 'assets/images'), { recursive: true });
      mkdirSync(join(base, 'out/images'), { recursive: true });
      for (const dir of ['assets', 'out']) writeFileSync(join(base, dir, 'images/chart.svg'), labelled);
      writeFileSync(join(base, 'out/other.svg'), labelled);
      const { files, before, after } = await optimiseSvgCopies(join(base, 'assets'), join(base, 'out'));
      expect(files).toBe(1);
      expect(after).toBeLessThan(before);
      expect(readFileSync(join(base, 'out/images/chart.svg'), 'utf8')).toBe(await optimiseSvg(labelled));
      expect(readFileSync(join(base, 'assets/images/chart.svg'), 'utf8')).toBe(labelled);
      expect(readFileSync(join(base, 'out/other.svg'), 'utf8')).toBe(labelled);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it("compares with the compressor it is given: a build's cache compresses each text once, a second build not at all", async () => {
    const base = mkdtempSync(join(tmpdir(), 'sitewright-svg-test-'));
    try {
      mkdirSync(join(base, 'assets/images'), { recursive: true });
      mkdirSync(join(base, 'out/images'), { recursive: true });
      const copiesOf = () => {
        const copies = compressedCopies(join(base, 'cache'));
        const compressed: string[] = [];
        return { compressed, compress: (body: string) => (compressed.push(body), copies.brotli(body)) };
      };
      const first = copiesOf();
      for (const dir of ['assets', 'out']) writeFileSync(join(base, dir, 'images/chart.svg'), labelled);
      await optimiseSvgCopies(join(base, 'assets'), join(base, 'out'), first.compress);
      expect(first.compressed).toEqual([await optimiseSvg(labelled), labelled]);
      expect(readFileSync(join(base, 'out/images/chart.svg'), 'utf8')).toBe(await optimiseSvg(labelled));

      // The next build's cache (a new one on the same folder) finds both copies on disk and makes the same choice.
      const second = copiesOf();
      writeFileSync(join(base, 'out/images/chart.svg'), labelled);
      const keyed = readdirSync(join(base, 'cache')).length;
      await optimiseSvgCopies(join(base, 'assets'), join(base, 'out'), second.compress);
      expect(readdirSync(join(base, 'cache')).length).toBe(keyed);
      expect(readFileSync(join(base, 'out/images/chart.svg'), 'utf8')).toBe(await optimiseSvg(labelled));
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
