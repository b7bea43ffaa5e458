/**
 * npm run docs [-- --check]
 * Writes docs/blocks.md from the schemas and each block's example.json: every block type, every setting with its
 * type, default, allowed values and description, and a copy-paste example that validates.
 * `--check` writes nothing and exits 1 when docs/blocks.md is out of date.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { blockCatalogue } from './lib/catalogue.ts';
import { collectionsOf } from './lib/project.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BLOCKS_DOC = 'docs/blocks.md';

interface Schema {
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  definitions?: Record<string, Schema>;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  'x-fragment'?: string;
}

/** Shared definitions get one section each; settings that use them link there instead of repeating them. */
const SHARED: Record<string, { anchor: string; name: string }> = {
  'defs.schema.json#/definitions/link': { anchor: 'link', name: 'link' },
  'defs.schema.json#/definitions/href': { anchor: 'href', name: 'href' },
  'defs.schema.json#/definitions/image': { anchor: 'image', name: 'image' },
  'defs.schema.json#/definitions/buttonStyle': { anchor: 'button-style', name: 'button style' },
  'defs.schema.json#/definitions/route': { anchor: 'route', name: 'route' },
  'site.schema.json#/definitions/iconName': { anchor: 'icon-name', name: 'icon name' },
};

function readSchema(root: string, rel: string): Schema {
  return JSON.parse(readFileSync(join(root, 'schemas', rel), 'utf8')) as Schema;
}

function sharedKey(ref: string): string | undefined {
  const key = ref.replace(/^(\.\.\/)+/, '');
  return SHARED[key] ? key : undefined;
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ').trim();
}

function code(v: unknown): string {
  return `\`${JSON.stringify(v)}\``;
}

/** The default a setting takes when left out: the schema's "default", else what its description says. */
export function defaultOf(s: Schema): string {
  if (s.default !== undefined) return code(s.default);
  const d = s.description ?? '';
  const said = /\bDefault(?:s to| is)? (\u201c[^\u201d]*\u201d|"[^"]*"|true|false|-?\d+(?:\.\d+)?)/.exec(d);
  if (said) return `\`${said[1].replace(/[\u201c\u201d]/g, '"')}\``;
  const marked = /("[^"]+"|\b-?\d+\b) \((?:[^()]*, )?default\)/.exec(d);
  if (marked) return `\`${marked[1]}\``;
  return '';
}

class Describer {
  constructor(
    private root: string,
    /** The schema file the settings come from, e.g. "blocks/hero.schema.json", for its own "#/definitions/…". */
    private file: string,
    private doc: Schema,
  ) {}

  /** Follows a same-file "#/definitions/x" reference; other files are shared types or are followed by name. */
  resolve(s: Schema): { schema: Schema; shared?: string } {
    if (!s.$ref) return { schema: s };
    const shared = sharedKey(s.$ref);
    if (shared) return { schema: s, shared };
    if (s.$ref.startsWith('#/definitions/')) {
      const target = this.doc.definitions?.[s.$ref.slice('#/definitions/'.length)] ?? {};
      return { schema: { ...target, description: s.description ?? target.description } };
    }
    const [path, pointer] = s.$ref.split('#');
    const base = this.file.includes('/') ? this.file.slice(0, this.file.lastIndexOf('/') + 1) : '';
    const rel = join(base, path).split('\\').join('/');
    const other = readSchema(this.root, rel);
    const target = pointer ? (pointer.split('/').slice(1).reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], other) as Schema) : other;
    return { schema: { ...target, description: s.description ?? target?.description } };
  }

  typeOf(s: Schema): string {
    const { schema, shared } = this.resolve(s);
    if (shared) return `[${SHARED[shared].name}](#${SHARED[shared].anchor})`;
    if (schema.const !== undefined) return code(schema.const);
    if (schema.oneOf || schema.anyOf) return (schema.oneOf ?? schema.anyOf)!.map((x) => this.typeOf(x)).join(' or ');
    const t = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (t.includes('array')) return `list of ${schema.items ? this.typeOf(schema.items) : 'values'}`;
    if (schema['x-fragment']) return `name of a ${schema['x-fragment']} file`;
    const words: Record<string, string> = { string: 'text', integer: 'whole number', number: 'number', boolean: 'true/false', object: 'object', null: 'null' };
    return t.map((x) => words[x] ?? x).join(' or ') || 'any';
  }

  allowed(s: Schema): string {
    const { schema, shared } = this.resolve(s);
    if (shared) return '';
    const parts: string[] = [];
    if (schema.enum) parts.push(schema.enum.map(code).join(', '));
    if (schema.minimum !== undefined || schema.maximum !== undefined) parts.push(`${schema.minimum ?? '…'} to ${schema.maximum ?? '…'}`);
    const plural = (n: number) => `${n} item${n === 1 ? '' : 's'}`;
    if (schema.minItems !== undefined && schema.maxItems !== undefined) parts.push(`${schema.minItems} to ${plural(schema.maxItems)}`);
    else if (schema.minItems !== undefined) parts.push(`at least ${plural(schema.minItems)}`);
    else if (schema.maxItems !== undefined) parts.push(`at most ${plural(schema.maxItems)}`);
    if (schema.minLength !== undefined && schema.minLength > 1) parts.push(`at least ${schema.minLength} characters`);
    if (schema.minLength === 1) parts.push('not empty');
    if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`);
    if (schema.format) parts.push(schema.format);
    if (schema['x-fragment']) parts.push(`a file in site.config/${schema['x-fragment']}/`);
    const items = schema.items ? this.resolve(schema.items) : undefined;
    if (items && !items.shared && items.schema.enum) parts.push(`each one of ${items.schema.enum.map(code).join(', ')}`);
    return parts.join('; ');
  }

  /** One row per setting; settings of nested objects follow as "parent.child" or "list[].child". */
  rows(s: Schema, prefix = '', depth = 0): string[] {
    const out: string[] = [];
    const required = new Set(s.required ?? []);
    for (const [name, raw] of Object.entries(s.properties ?? {})) {
      if (name === '$schema') continue;
      const { schema, shared } = this.resolve(raw);
      const label = `${prefix}${name}`;
      out.push(`| \`${label}\` | ${cell(this.typeOf(raw))} | ${required.has(name) ? 'yes' : ''} | ${cell(defaultOf(schema))} | ${cell(this.allowed(raw))} | ${cell(schema.description ?? '')} |`);
      if (shared || depth >= 3) continue;
      if (schema.properties) out.push(...this.rows(schema, `${label}.`, depth + 1));
      if (schema.items) {
        const item = this.resolve(schema.items);
        if (!item.shared && item.schema.properties) out.push(...this.rows(item.schema, `${label}[].`, depth + 1));
      }
    }
    return out;
  }

  table(s: Schema): string {
    const rows = this.rows(s);
    if (rows.length === 0) return '_No settings._\n';
    return ['| Setting | Type | Required | Default | Allowed values | Description |', '| --- | --- | --- | --- | --- | --- |', ...rows].join('\n') + '\n';
  }
}

function firstSentence(text: string): string {
  const end = /(?<!\be\.g|\bi\.e|\betc|\bvs)\.\s+(?=[A-Z"'(])/.exec(text);
  return end ? text.slice(0, end.index + 1) : text;
}

function anchorOf(type: string): string {
  return `block-${type.toLowerCase()}`;
}

export function generateBlocksDoc(root: string = ROOT): string {
  const entries = blockCatalogue(root);
  const out: string[] = [];
  out.push('# Blocks');
  out.push('');
  out.push('<!-- GENERATED by `npm run docs` from schemas/ and blocks/*/example.json. Do not edit: change the schema or the example and regenerate. -->');
  out.push('');
  out.push('A page in `site.config/pages/` is a list of blocks, shown from top to bottom. Each block is an object whose `"type"` picks one of the kinds below; its other settings are listed in the table of that type. Copy an example into the `"blocks"` list of a page, change the words, then run `npm run validate`. Run `npm run dev` and open [/_catalogue](http://127.0.0.1:5173/_catalogue) to see every block drawn from these examples.');
  out.push('');
  out.push('Settings not listed for a block are errors (so a misspelt name never goes unnoticed). Links take a [href](#href); pictures are [images](#image).');
  out.push('');
  out.push('| Block type | What it is |');
  out.push('| --- | --- |');
  for (const e of entries) out.push(`| [\`${e.type}\`](#${anchorOf(e.type)}) | ${cell(firstSentence(e.schema.description ?? ''))} |`);
  out.push('');

  for (const e of entries) {
    const d = new Describer(root, `blocks/${e.type}.schema.json`, e.schema as Schema);
    out.push(`<a id="${anchorOf(e.type)}"></a>`);
    out.push('');
    out.push(`## \`${e.type}\``);
    out.push('');
    out.push(cell(e.schema.description ?? ''));
    out.push('');
    out.push(`Schema: [\`${e.schemaFile}\`](../${e.schemaFile}). Component: \`blocks/${e.folder}/\`.`);
    out.push('');
    out.push(d.table(e.schema as Schema));
    if (e.example) {
      out.push(`Example (from \`${e.exampleFile}\`):`);
      out.push('');
      out.push('```json');
      out.push(JSON.stringify(e.example, null, 2));
      out.push('```');
    } else {
      out.push('_This block has no example yet._');
    }
    out.push('');
  }

  // Page files and fragment files are written by the same people, so they are documented here too.
  out.push('## Page files');
  out.push('');
  const page = readSchema(root, 'page.schema.json');
  out.push(cell(page.description ?? ''));
  out.push('');
  out.push(new Describer(root, 'page.schema.json', page).table(page));
  const topLevel = Object.fromEntries(readdirSync(join(root, 'schemas')).filter((f) => f.endsWith('.schema.json')).sort().map((f) => [f, readSchema(root, f)]));
  const schemaFiles: Record<string, string> = {};
  for (const c of collectionsOf(topLevel)) {
    if (c.schema && c.kind !== 'pages' && c.schema in topLevel) schemaFiles[c.dir] = c.schema;
  }
  for (const [dir, file] of Object.entries(schemaFiles)) {
    const s = readSchema(root, file);
    out.push(`## Shared content: \`site.config/${dir}/\``);
    out.push('');
    out.push(cell(s.description ?? ''));
    out.push('');
    out.push(`Schema: [\`schemas/${file}\`](../schemas/${file}). Blocks refer to a file here by its name without \`.json\`.`);
    out.push('');
    out.push(new Describer(root, file, s).table(s));
  }

  out.push('## Shared types');
  out.push('');
  const defs = readSchema(root, 'defs.schema.json');
  const site = readSchema(root, 'site.schema.json');
  for (const [key, { anchor, name }] of Object.entries(SHARED)) {
    const [file, pointer] = key.split('#');
    const s = (pointer.split('/').slice(1).reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], file === 'defs.schema.json' ? defs : site) ?? {}) as Schema;
    out.push(`<a id="${anchor}"></a>`);
    out.push('');
    out.push(`### ${name[0].toUpperCase()}${name.slice(1)}`);
    out.push('');
    out.push(cell(s.description ?? ''));
    out.push('');
    if (s.properties) out.push(new Describer(root, file, file === 'defs.schema.json' ? defs : site).table(s));
    else if (s.enum) out.push(`Allowed values: ${s.enum.map(code).join(', ')}.\n`);
    else if (s.examples) out.push(`Examples: ${s.examples.map(code).join(', ')}.\n`);
  }
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

function main() {
  const check = process.argv.includes('--check');
  const file = join(ROOT, BLOCKS_DOC);
  const next = generateBlocksDoc(ROOT);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (check) {
    if (current !== next) {
      console.error(`✗ ${BLOCKS_DOC} is out of date with the schemas and examples. Run: npm run docs`);
      process.exit(1);
    }
    console.log(`${BLOCKS_DOC} is up to date`);
    return;
  }
  if (current === next) console.log(`${BLOCKS_DOC} already up to date`);
  else {
    writeFileSync(file, next);
    console.log(`wrote ${BLOCKS_DOC}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
