import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { writeAtomic } from './write-atomic.ts';

const dirs: string[] = [];
const folder = () => {
  const d = mkdtempSync(join(tmpdir(), 'write-atomic-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('writeAtomic', () => {
  test('makes the folder, writes the bytes and leaves nothing beside the file', () => {
    const dir = folder();
    const path = join(dir, 'a', 'b', 'page.json');
    writeAtomic(path, '{"title":"Hello"}\n');
    expect(readFileSync(path, 'utf8')).toBe('{"title":"Hello"}\n');
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['page.json']);
  });

  test('replaces a file whole, text or bytes', () => {
    const dir = folder();
    const path = join(dir, 'picture.avif');
    writeFileSync(path, 'old and longer than the new bytes');
    writeAtomic(path, Buffer.from([1, 2, 3]));
    expect([...readFileSync(path)]).toEqual([1, 2, 3]);
    expect(readdirSync(dir)).toEqual(['picture.avif']);
  });

  test('a folder where the file should be is refused, and no half-written file is left', () => {
    const dir = folder();
    const path = join(dir, 'taken');
    writeAtomic(join(path, 'inside.txt'), 'x');
    expect(() => writeAtomic(path, 'y')).toThrow();
    expect(readdirSync(dir).filter((n) => n.endsWith('.saving'))).toEqual([]);
  });
});
