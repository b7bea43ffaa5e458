/**
 * npm run docs [-- --check | --update-corpus]
 * Writes docs/blocks.md from the schemas and each block's example.json: every block type, every setting with its
 * type, default, allowed values and description, and a copy-paste example that validates. Writes
 * docs/site-settings.md from schemas/site.schema.json, and the "Common mistakes" section of docs/authoring.md from
 * the broken-config corpus (tests/fixtures/broken/), so the guide says exactly what the checker says; and the table
 * of codes in docs/diagnostics.md from the catalogue (scripts/lib/config/diagnostics.ts).
 * `--check` writes nothing and exits 1 when a generated document is out of date.
 * `--update-corpus` writes each corpus case's exact report line ("output" in its expect.json) after a deliberate
 * change of wording; review the diff before committing it.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { blockCatalogue } from './lib/catalogue.ts';
import { collectionsOf } from './lib/project.ts';
import { outputLine, readCorpus, runCase } from './lib/corpus.ts';
import { CATALOGUE } from './lib/config/diagnostics.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BLOCKS_DOC = 'docs/blocks.md';
export const SITE_DOC = 'docs/site-settings.md';
export const AUTHORING_DOC = 'docs/authoring.md';

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
  'x-warn'?: { minLength?: number; maxLength?: number };
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
  return s
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
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
  const marked = /("[^"]+"|\u201c[^\u201d]+\u201d|\b-?\d+\b) \((?:[^()]*, )?default\)/.exec(d);
  if (marked) return `\`${marked[1].replace(/[\u201c\u201d]/g, '"')}\``;
  // A yes/no setting says it in words: "Off unless switched on".
  if (/\bOff\b[^.]*unless switched on/.test(d)) return '`false`';
  if (/\bOn unless switched off/.test(d)) return '`true`';
  // A choice is named by its label, as the editor shows it: "Default Primary", "Light (white, default)".
  for (const v of s.enum ?? []) {
    if (typeof v !== 'string') continue;
    const label = choiceWords(v).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`\\bDefault ${label}\\b|\\b${label} \\((?:[^()]*, )?default\\)`).test(d)) return code(v);
  }
  return '';
}

/** A choice as the editor labels it: "bottom-center" → "Bottom center", "perUser" → "Per user", "POST" as it is. */
export function choiceWords(value: string): string {
  if (/^[A-Z0-9]+$/.test(value)) return value;
  const words = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
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
    const target = pointer
      ? (pointer
          .split('/')
          .slice(1)
          .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], other) as Schema)
      : other;
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
    if (schema.pattern === '\\S') parts.push('not only spaces');
    const warn = schema['x-warn'];
    if (warn) parts.push(`${warn.minLength ?? 0} to ${warn.maxLength ?? '…'} characters recommended (a warning outside)`);
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
      out.push(
        `| \`${label}\` | ${cell(this.typeOf(raw))} | ${required.has(name) ? 'yes' : ''} | ${cell(defaultOf(schema))} | ${cell(this.allowed(raw))} | ${cell(schema.description ?? '')} |`,
      );
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
  out.push(
    'A page in `site.config/pages/` is a list of blocks, shown from top to bottom. Each block is an object whose `"type"` picks one of the kinds below; its other settings are listed in the table of that type. Copy an example into the `"blocks"` list of a page, change the words, then run `npm run validate`. Run `npm run dev` and open [/_catalogue](http://127.0.0.1:5173/_catalogue) to see every block drawn from these examples.',
  );
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
  const topLevel = Object.fromEntries(
    readdirSync(join(root, 'schemas'))
      .filter((f) => f.endsWith('.schema.json'))
      .sort()
      .map((f) => [f, readSchema(root, f)]),
  );
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
    const s = (pointer
      .split('/')
      .slice(1)
      .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], file === 'defs.schema.json' ? defs : site) ?? {}) as Schema;
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
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

/** docs/site-settings.md: every setting of site.json, from its schema, as docs/blocks.md lists the blocks' settings. */
export function generateSiteDoc(root: string = ROOT): string {
  const site = readSchema(root, 'site.schema.json');
  const d = new Describer(root, 'site.schema.json', site);
  const out: string[] = [];
  out.push('# Site settings (`site.config/site.json`)');
  out.push('');
  out.push('<!-- GENERATED by `npm run docs` from schemas/site.schema.json. Do not edit: change the schema and regenerate. -->');
  out.push('');
  out.push(cell(site.description ?? ''));
  out.push('');
  out.push(
    'Each section below is one top-level setting of `site.json`; nested settings are written `parent.child`, settings of each item of a list `list[].child`. Links take a [href](blocks.md#href). Settings not listed are errors. Run `npm run validate` after every change.',
  );
  out.push('');
  out.push('| Setting | What it is |');
  out.push('| --- | --- |');
  const top = Object.entries(site.properties ?? {}).filter(([name]) => name !== '$schema');
  for (const [name, raw] of top) out.push(`| [\`${name}\`](#${name.toLowerCase()}) | ${cell(firstSentence(d.resolve(raw).schema.description ?? ''))} |`);
  out.push('');
  const required = new Set(site.required ?? []);
  for (const [name, raw] of top) {
    const { schema } = d.resolve(raw);
    out.push(`<a id="${name.toLowerCase()}"></a>`);
    out.push('');
    out.push(`## \`${name}\`${required.has(name) ? ' (required)' : ''}`);
    out.push('');
    out.push(cell(schema.description ?? ''));
    out.push('');
    out.push(d.table({ properties: { [name]: raw }, required: required.has(name) ? [name] : [] }));
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

const MISTAKES_BEGIN = '<!-- BEGIN GENERATED: common mistakes (npm run docs, from tests/fixtures/broken/) -->';
const MISTAKES_END = '<!-- END GENERATED: common mistakes -->';

/** The "Common mistakes" table: one row per corpus case, with what the checker says about it and the fix. */
export function commonMistakes(root: string = ROOT): string {
  const rows = readCorpus(root).map((c) => {
    const { main } = runCase(root, c);
    const kind = (c.expect.severity ?? 'error') === 'warning' ? 'warning' : 'error';
    return `| ${cell(c.expect.mistake)} | ${kind}: ${cell(main?.message ?? '(no report: the corpus test fails)')} | ${cell(main?.suggestion ?? '')} |`;
  });
  return [
    MISTAKES_BEGIN,
    '',
    "Each row is a case of the checker's own test corpus (`tests/fixtures/broken/`), with the words `npm run validate` prints for it. An error stops the build; a warning does not.",
    '',
    '| The mistake | What the checker says | The fix |',
    '| --- | --- | --- |',
    ...rows,
    '',
    MISTAKES_END,
  ].join('\n');
}

/** docs/authoring.md with its generated section replaced (the rest of the guide is written by hand). */
export function authoringDoc(current: string, root: string = ROOT): string {
  const a = current.indexOf(MISTAKES_BEGIN);
  const b = current.indexOf(MISTAKES_END);
  if (a < 0 || b < a) throw new Error(`${AUTHORING_DOC} has no ${MISTAKES_BEGIN} … ${MISTAKES_END} section`);
  return `${current.slice(0, a)}${commonMistakes(root)}${current.slice(b + MISTAKES_END.length)}`;
}

export const DIAGNOSTICS_DOC = 'docs/diagnostics.md';
const CODES_BEGIN = '<!-- codes:begin (generated by npm run docs from scripts/lib/config/diagnostics.ts) -->';
const CODES_END = '<!-- codes:end -->';

/** docs/diagnostics.md with its table of codes regenerated from the catalogue (the writing guide is by hand). */
export function diagnosticsDoc(current: string): string {
  const a = current.indexOf(CODES_BEGIN);
  const b = current.indexOf(CODES_END);
  if (a < 0 || b < a) throw new Error(`${DIAGNOSTICS_DOC} has no ${CODES_BEGIN} … ${CODES_END} section`);
  const rows = Object.entries(CATALOGUE).map(([code, e]) => `| \`${code}\` | ${cell(e.title)} | ${e.severity} | ${cell(e.why)} | ${cell(e.fix)} |`);
  const table = [
    CODES_BEGIN,
    '',
    '| Code | Title | Usually | Why it matters | The usual fix |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    CODES_END,
  ].join('\n');
  return `${current.slice(0, a)}${table}${current.slice(b + CODES_END.length)}`;
}

/** Writes each corpus case's exact report line into its expect.json. */
function updateCorpus(root: string): void {
  for (const c of readCorpus(root)) {
    const { main } = runCase(root, c);
    if (!main) {
      console.error(`✗ ${c.name}: no ${c.expect.severity ?? 'error'} at ${c.expect.file} "${c.expect.path}"`);
      continue;
    }
    const file = join(c.dir, 'expect.json');
    const next = `${JSON.stringify({ ...c.expect, output: outputLine(main) }, null, 2)}\n`;
    if (readFileSync(file, 'utf8') !== next) {
      writeFileSync(file, next);
      console.log(`wrote ${file.slice(root.length + 1)}`);
    }
  }
}

function main() {
  const check = process.argv.includes('--check');
  if (process.argv.includes('--update-corpus')) return updateCorpus(ROOT);
  const docs: [string, (current: string) => string][] = [
    [BLOCKS_DOC, () => generateBlocksDoc(ROOT)],
    [SITE_DOC, () => generateSiteDoc(ROOT)],
    [AUTHORING_DOC, (current) => authoringDoc(current, ROOT)],
    [DIAGNOSTICS_DOC, diagnosticsDoc],
  ];
  let stale = false;
  for (const [doc, generate] of docs) {
    const file = join(ROOT, doc);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const next = generate(current);
    if (check) {
      if (current !== next) {
        console.error(`✗ ${doc} is out of date with the schemas, examples and broken-config corpus. Run: npm run docs`);
        stale = true;
      } else console.log(`${doc} is up to date`);
    } else if (current === next) console.log(`${doc} already up to date`);
    else {
      writeFileSync(file, next);
      console.log(`wrote ${doc}`);
    }
  }
  if (stale) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
