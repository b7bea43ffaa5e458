/**
 * Schemas for the editor's forms: each schema with every "$ref" replaced by what it points at (rjsf then needs no
 * schema registry). The keywords beside a "$ref" (usually a more specific "description") win over the target's.
 * A reference back into itself (recursion) is left as it is, with the definitions it needs kept under "definitions".
 */
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

type Schema = Record<string, unknown>;

export function resolveSchema(root: string, file: string): Schema {
  const schemasDir = join(root, 'schemas');
  const cache = new Map<string, Schema>();
  const load = (f: string): Schema => {
    const key = normalize(f);
    if (!cache.has(key)) cache.set(key, JSON.parse(readFileSync(join(schemasDir, key), 'utf8')) as Schema);
    return cache.get(key)!;
  };
  const pointer = (doc: Schema, ptr: string): unknown =>
    ptr
      .split('/')
      .filter(Boolean)
      .reduce<unknown>((v, seg) => (v && typeof v === 'object' ? (v as Schema)[seg.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);

  const walk = (value: unknown, inFile: string, stack: string[]): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, inFile, stack));
    if (!value || typeof value !== 'object') return value;
    const obj = value as Schema;
    if (typeof obj.$ref === 'string') {
      const [path, frag = ''] = obj.$ref.split('#');
      const target = path ? normalize(join(dirname(inFile), path)) : inFile;
      const id = `${target}#${frag}`;
      const { $ref: _r, ...rest } = obj;
      if (stack.includes(id)) return obj; // recursion: leave the reference
      const resolved = walk(pointer(load(target), frag), target, [...stack, id]) as Schema;
      const siblings = walk(rest, inFile, stack) as Schema;
      const { $id: _id, $schema: _s, ...body } = resolved ?? {};
      return { ...body, ...siblings };
    }
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, walk(v, inFile, stack)]));
  };
  return walk(load(file), normalize(file), []) as Schema;
}
