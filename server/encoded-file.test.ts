import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptedCodings, encodedFile } from './encoded-file.ts';

describe('acceptedCodings', () => {
  it.each([
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip, deflate', ['gzip']],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', ['br', 'gzip']],
    ['br;q=0, gzip', ['gzip']],
    ['*', ['br', 'gzip']],
    ['*, br;q=0', ['gzip']],
    ['gzip;q=0, *', ['br']],
    ['x-gzip', ['gzip']],
    ['identity', []],
    ['BR', ['br']],
    ['br;q=nonsense', []],
    ['', []],
    [undefined, []],
  ])('%j accepts %j', (header, codings) => {
    expect([...acceptedCodings(header)].sort()).toEqual(codings);
  });
});

describe('encodedFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sw-encoded-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const both = join(dir, 'app.js');
  const gzOnly = join(dir, 'old.js');
  const plain = join(dir, 'tiny.js');
  for (const f of [both, `${both}.br`, `${both}.gz`, gzOnly, `${gzOnly}.gz`, plain]) writeFileSync(f, f);

  it('sends brotli where it is accepted, else gzip, else the file, and says the answer varies', () => {
    expect(encodedFile(both, 'gzip, deflate, br')).toEqual({ path: `${both}.br`, coding: 'br', varies: true });
    expect(encodedFile(both, 'gzip')).toEqual({ path: `${both}.gz`, coding: 'gzip', varies: true });
    expect(encodedFile(both, 'identity')).toEqual({ path: both, coding: null, varies: true });
    expect(encodedFile(both, undefined)).toEqual({ path: both, coding: null, varies: true });
  });

  it('uses the copies there are', () => {
    expect(encodedFile(gzOnly, 'br, gzip')).toEqual({ path: `${gzOnly}.gz`, coding: 'gzip', varies: true });
    expect(encodedFile(gzOnly, 'br')).toEqual({ path: gzOnly, coding: null, varies: true });
  });

  it('a file without copies (too small to be worth one) is sent as it is, whatever is accepted', () => {
    expect(encodedFile(plain, 'br, gzip')).toEqual({ path: plain, coding: null, varies: false });
  });
});
