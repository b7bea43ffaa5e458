/**
 * The project's JSON Schemas, read from schemas/ by the dev server and with every $ref resolved in place, as the form
 * generator (rjsf) wants them. Annotations beside a $ref (description, x-link, …) win over the referenced schema's.
 */
const files = import.meta.glob<Record<string, unknown>>('../schemas/**/*.schema.json', { eager: true, import: 'default' });

type Schema = Record<string, unknown>;
const byId = new Map<string, Schema>();
for (const schema of Object.values(files)) if (typeof schema.$id === 'string') byId.set(schema.$id, schema);

const ROOT = 'https://sitewright.dev/schemas/';

function pointerGet(doc: unknown, pointer: string): unknown {
  if (!pointer || pointer === '/') return doc;
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
      doc,
    );
}

function resolve(node: unknown, baseId: string, stack: string[]): unknown {
  if (Array.isArray(node)) return node.map((n) => resolve(n, baseId, stack));
  if (!node || typeof node !== 'object') return node;
  const obj = node as Schema;
  if (typeof obj.$ref === 'string') {
    const url = new URL(obj.$ref, baseId);
    const fileId = url.href.split('#')[0];
    const key = `${fileId}#${url.hash.slice(1)}`;
    const { $ref: _ref, ...siblings } = obj;
    if (stack.includes(key) || stack.length > 12) return { ...siblings }; // recursive: left open
    const file = byId.get(fileId);
    const target = pointerGet(file, decodeURIComponent(url.hash.slice(1)));
    const resolved = resolve(target, fileId, [...stack, key]) as Schema;
    return { ...resolved, ...(resolve(siblings, baseId, stack) as Schema) };
  }
  const out: Schema = {};
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'definitions' || k === '$schema' || k === '$id') continue;
    out[k] = resolve(v, baseId, stack);
  }
  return out;
}

const cache = new Map<string, Schema>();

/** A schema file under schemas/ ("blocks/hero.schema.json", "site.schema.json") with every reference resolved. */
export function schemaFor(file: string): Schema | undefined {
  const id = ROOT + file;
  if (cache.has(id)) return cache.get(id);
  const schema = byId.get(id);
  if (!schema) return undefined;
  const resolved = resolve(schema, id, []) as Schema;
  cache.set(id, resolved);
  return resolved;
}

export function blockSchema(type: string): Schema | undefined {
  return schemaFor(`blocks/${type}.schema.json`);
}

/** The page's own settings (route, title, …): the page schema without its list of blocks, which the outline edits. */
export function pageSettingsSchema(): Schema {
  const page = schemaFor('page.schema.json') ?? {};
  const { blocks: _b, $schema: _s, ...properties } = (page.properties ?? {}) as Record<string, Schema>;
  return { ...page, properties, required: ((page.required as string[]) ?? []).filter((r) => r !== 'blocks') };
}

/** The schema that edits a whole config file, by its path in site.config/. */
export function fileSchema(path: string): Schema | undefined {
  let schema: Schema | undefined;
  if (path === 'site.json') schema = schemaFor('site.schema.json');
  else if (path.startsWith('faqs/')) schema = schemaFor('faq-set.schema.json');
  else if (path.startsWith('forms/')) schema = schemaFor('form.schema.json');
  if (!schema) return undefined;
  const { $schema: _s, ...properties } = (schema.properties ?? {}) as Record<string, Schema>;
  return { ...schema, properties };
}

/** The sub-schema at a form path (["actions", "0", "label"]), for plain names of fields. */
export function schemaAt(schema: Schema | undefined, field: string[]): Schema | undefined {
  let node: Schema | undefined = schema;
  for (const key of field) {
    if (!node) return undefined;
    if (/^\d+$/.test(key) && node.items) node = node.items as Schema;
    else node = (node.properties as Record<string, Schema> | undefined)?.[key];
  }
  return node;
}
