/**
 * npm run new-page / new-form: write a new config file that already validates, and say where to edit it.
 * The file is checked with the real validator (through an overlay) before anything is written.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from './diagnostics.ts';
import { parseJsonSource } from './config/json-source.ts';
import { expectedSchemaRef, loadProject } from './project.ts';
import { closest } from './suggest.ts';
import { addressFromTyped, isRoute } from '../../renderer/lib/route-form.ts';

export interface ScaffoldResult {
  ok: boolean;
  /** Reported name of the new file, e.g. "site.config/pages/partners.json". */
  file: string;
  /** Where it was (or would have been) written on disk. */
  path: string;
  /** What the user should read: success with next steps, or why nothing was written. */
  lines: string[];
  diagnostics: Diagnostic[];
}

interface Common {
  root: string;
  configDir?: string;
  /** Check but do not write. */
  dryRun?: boolean;
  devUrl?: string;
}

function readJson(path: string): Record<string, unknown> | null {
  const src = parseJsonSource(path, readFileSync(path, 'utf8'));
  return src.value && typeof src.value === 'object' && !Array.isArray(src.value) ? (src.value as Record<string, unknown>) : null;
}

/** "/pricing/partners" → "pricing-partners"; "/referral/:refId" → "referral-refid". */
export function slugForRoute(route: string): string {
  return route.replace(/^\//, '').replace(/:/g, '').replace(/\//g, '-').toLowerCase() || 'home';
}

/** "/partner-program" → "Partner program". */
export function titleForRoute(route: string): string {
  const last = route.split('/').filter(Boolean).pop() ?? 'Home';
  const words = last.replace(/^:/, '').replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function finish(opts: Common, rel: string, text: string, what: string, next: (file: string) => string[]): ScaffoldResult {
  const configDir = opts.configDir ?? join(opts.root, 'site.config');
  const file = `site.config/${rel}`;
  const path = join(configDir, rel);
  const result = loadProject(opts.root, process.env, { configDir, overlay: { [rel]: text } });
  const mine = result.diagnostics.filter((d) => d.file === file);
  const errors = mine.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    return {
      ok: false,
      file,
      path,
      diagnostics: mine,
      lines: [
        `✗ Did not create ${file}: it would not validate.`,
        ...errors.map((d) => `  ${file}:${d.line}:${d.column} ${d.path} — ${d.message}${d.suggestion ? ` ${d.suggestion}` : ''}`),
      ],
    };
  }
  if (!opts.dryRun) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  const others = result.diagnostics.filter((d) => d.severity === 'error' && d.file !== file);
  return {
    ok: true,
    file,
    path,
    diagnostics: mine,
    lines: [
      `✓ ${opts.dryRun ? 'Would create' : 'Created'} ${file} (${what}).`,
      ...next(file),
      ...(others.length ? [`  Note: other files already have ${others.length} error(s); npm run validate lists them.`] : []),
    ],
  };
}

export function newPage(opts: Common & { route: string; from?: string; title?: string; description?: string; file?: string }): ScaffoldResult {
  const configDir = opts.configDir ?? join(opts.root, 'site.config');
  const route = opts.route.trim();
  const fail = (lines: string[]): ScaffoldResult => ({ ok: false, file: '', path: '', lines, diagnostics: [] });
  if (!isRoute(route)) {
    const fixed = addressFromTyped(route);
    return fail([
      `✗ "${route}" is not a valid route. ${fixed && fixed !== '/' ? `Use "${fixed}". ` : ''}Routes are "/" followed by lower-case words joined by "-", with "/" only between parts.`,
    ]);
  }

  // The route must be free: ask the validator's own view of the project.
  const current = loadProject(opts.root, process.env, { configDir });
  const pagesDir = join(configDir, 'pages');
  const pageFiles = existsSync(pagesDir) ? readdirSync(pagesDir).filter((f) => f.endsWith('.json')) : [];
  const routes = new Map<string, string>();
  for (const f of pageFiles) {
    const v = readJson(join(pagesDir, f));
    if (typeof v?.route === 'string') routes.set(v.route, f.replace(/\.json$/, ''));
  }
  if (routes.has(route)) return fail([`✗ The route "${route}" is already the page site.config/pages/${routes.get(route)}.json.`]);
  if (current.project?.site.redirects.some((r) => r.from === route))
    return fail([`✗ "${route}" is a redirect in site.config/site.json. Remove the redirect first.`]);
  const slug = opts.file ?? slugForRoute(route);
  // The file name is a plain name too: nothing the editor could not open again, nothing outside pages/.
  if (!/^[a-z0-9][a-z0-9-]*$/.test(slug)) return fail([`✗ "${slug}" is not a valid file name: use lower-case letters, digits and dashes.`]);
  const rel = `pages/${slug}.json`;
  if (existsSync(join(configDir, rel))) return fail([`✗ site.config/${rel} already exists. Choose another route, or pass --file <name>.`]);

  const title = opts.title ?? titleForRoute(route);
  const siteName = current.project?.site.name ?? 'the site';
  let base: Record<string, unknown>;
  let what: string;
  if (opts.from) {
    const wanted = opts.from.startsWith('/') ? routes.get(opts.from) : opts.from.replace(/\.json$/, '').replace(/^.*\//, '');
    const source = wanted ? join(pagesDir, `${wanted}.json`) : '';
    const copied = source && existsSync(source) ? readJson(source) : null;
    if (!copied) {
      const names = pageFiles.map((f) => f.replace(/\.json$/, ''));
      const guess = closest(opts.from.replace(/^\//, ''), [...names, ...routes.keys()]);
      return fail([`✗ There is no page "${opts.from}" to copy.${guess ? ` Did you mean "${guess}"?` : ''} Pages: ${names.join(', ')}.`]);
    }
    base = copied;
    what = `a copy of site.config/pages/${wanted}.json`;
  } else {
    base = {
      blocks: [{ type: 'hero', heading: title, intro: `Write one or two sentences about ${title.toLowerCase()} here.` }],
    };
    what = 'a minimal page with one hero block';
  }
  const { $schema: _s, route: _r, title: _t, description: _d, ...rest } = base;
  const page = {
    $schema: expectedSchemaRef(rel, 'page.schema.json'),
    route,
    title,
    // A copied description would give two pages the same search snippet; start from a new one.
    description: opts.description ?? `${title} at ${siteName}.`,
    ...rest,
  };
  const text = `${JSON.stringify(page, null, 2)}\n`;
  const url = `${opts.devUrl ?? 'http://127.0.0.1:5173'}${route.replace(/:([a-zA-Z]+)/g, 'example-$1')}`;
  return finish(opts, rel, text, what, (file) => [
    `  Edit:     ${file}: "title" (browser tab), "description" (search results), then "blocks" (docs/blocks.md lists every block).`,
    `  Preview:  npm run dev, then open ${url} (it reloads on every save).`,
    '  Check:    npm run validate',
    '  Link it:  add { "label": "…", "href": "' + route + '" } to the header or footer in site.config/site.json.',
  ]);
}

/** Blocks that take a fragment of this kind, and the setting that names it (from "x-fragment" in their schemas). */
export function fragmentUsers(root: string, kind: string): { type: string; prop: string }[] {
  const dir = join(root, 'schemas', 'blocks');
  if (!existsSync(dir)) return [];
  const out: { type: string; prop: string }[] = [];
  for (const f of readdirSync(dir)
    .filter((x) => x.endsWith('.schema.json'))
    .sort()) {
    const schema = readJson(join(dir, f)) as { properties?: Record<string, { 'x-fragment'?: string }> } | null;
    for (const [prop, p] of Object.entries(schema?.properties ?? {})) if (p['x-fragment'] === kind) out.push({ type: f.replace('.schema.json', ''), prop });
  }
  return out;
}

/** A small form that follows the shape of the real form files: two fields, sent to the identity service. */
function minimalForm(id: string): Record<string, unknown> {
  return {
    schema: {
      type: 'object',
      required: ['name', 'email'],
      properties: {
        name: { type: 'string', title: 'Name', minLength: 2, messages: { required: 'Name is required', minLength: 'Name cannot be less than two characters' } },
        email: { type: 'string', title: 'Email', format: 'email', messages: { required: 'Email is required', format: 'Invalid email' } },
      },
    },
    uiSchema: {
      name: { 'ui:autocomplete': 'name' },
      email: { 'ui:widget': 'email', 'ui:autocomplete': 'email', 'ui:placeholder': 'name@example.com' },
    },
    submit: {
      label: 'Send',
      endpoint: `{iamService}/${id}`,
      payload: { name: 'name', email: 'email' },
      success: { statusBelow: 300 },
      onSuccess: { notice: { show: 'toast', text: 'Thank you. We will reach out soon' }, reset: true },
      onFailure: { notice: { show: 'toast', text: 'We did not get your message. Please try again' } },
    },
  };
}

export function newForm(opts: Common & { id: string; from?: string }): ScaffoldResult {
  const configDir = opts.configDir ?? join(opts.root, 'site.config');
  const fail = (lines: string[]): ScaffoldResult => ({ ok: false, file: '', path: '', lines, diagnostics: [] });
  const id = opts.id.trim();
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) return fail([`✗ "${id}" is not a valid form name: use lower-case letters, digits and dashes, e.g. "partner-enquiry".`]);
  if (!existsSync(join(opts.root, 'schemas', 'form.schema.json'))) return fail(['✗ schemas/form.schema.json does not exist, so forms cannot be checked yet.']);
  const rel = `forms/${id}.json`;
  if (existsSync(join(configDir, rel))) return fail([`✗ site.config/${rel} already exists. Choose another name.`]);
  const formsDir = join(configDir, 'forms');
  const names = existsSync(formsDir)
    ? readdirSync(formsDir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace(/\.json$/, ''))
    : [];

  let body: Record<string, unknown>;
  let what: string;
  if (opts.from) {
    const name = opts.from.replace(/\.json$/, '').replace(/^.*\//, '');
    const copied = names.includes(name) ? readJson(join(formsDir, `${name}.json`)) : null;
    if (!copied) {
      const guess = closest(name, names);
      return fail([`✗ There is no form "${opts.from}" to copy.${guess ? ` Did you mean "${guess}"?` : ''} Forms: ${names.join(', ') || 'none yet'}.`]);
    }
    const { $schema: _s, ...rest } = copied;
    body = rest;
    what = `a copy of site.config/forms/${name}.json`;
  } else {
    body = minimalForm(id);
    what = 'a minimal form with a name and an email field';
  }
  const text = `${JSON.stringify({ $schema: expectedSchemaRef(rel, 'form.schema.json'), ...body }, null, 2)}\n`;
  const next = (file: string) => [
    `  Edit:     ${file}: fields under "schema.properties" (and "schema.required"), their look under "uiSchema", where it is sent under "submit".`,
    ...fragmentUsers(opts.root, 'forms')
      .slice(0, 3)
      .map(
        (u, i) =>
          `  ${i === 0 ? 'Use it:' : '    or:'}   add { "type": "${u.type}", "${u.prop}": "${id}" } to a page's "blocks" (docs/blocks.md#block-${u.type.toLowerCase()}).`,
      ),
    '  Check:    npm run validate (it warns until a page uses the form).',
  ];
  const result = finish(opts, rel, text, what, next);
  if (result.ok || opts.from || names.length === 0) return result;
  // The form schema has moved on from the built-in template: start from the smallest real form instead.
  const smallest = [...names].sort(
    (a, b) => readFileSync(join(formsDir, `${a}.json`), 'utf8').length - readFileSync(join(formsDir, `${b}.json`), 'utf8').length,
  )[0];
  return newForm({ ...opts, from: smallest });
}

/** npm-run-less scaffold for the editor: a new FAQ set (site.config/faqs/<id>.json) with one question to replace. */
export function newFaqSet(opts: Common & { id: string }): ScaffoldResult {
  const configDir = opts.configDir ?? join(opts.root, 'site.config');
  const fail = (lines: string[]): ScaffoldResult => ({ ok: false, file: '', path: '', lines, diagnostics: [] });
  const id = opts.id.trim();
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) return fail([`✗ "${id}" is not a valid FAQ set name: use lower-case letters, digits and dashes, e.g. "partners".`]);
  const rel = `faqs/${id}.json`;
  if (existsSync(join(configDir, rel))) return fail([`✗ site.config/${rel} already exists. Choose another name.`]);
  const set = {
    $schema: expectedSchemaRef(rel, 'faq-set.schema.json'),
    items: [{ question: 'Write the first question here?', answer: 'Write its answer here.' }],
  };
  return finish(opts, rel, `${JSON.stringify(set, null, 2)}\n`, 'a FAQ set with one question', (file) => [
    `  Edit:     ${file}: the questions and answers under "items".`,
    ...fragmentUsers(opts.root, 'faqs')
      .slice(0, 1)
      .map((u) => `  Use it:   add { "type": "${u.type}", "${u.prop}": "${id}" } to a page's "blocks".`),
    '  Check:    npm run validate (it warns until a page uses the set).',
  ]);
}
