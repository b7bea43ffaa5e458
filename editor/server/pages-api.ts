/**
 * Page operations of the editor API, spread into api.ts's route table (so every request passes the same token,
 * Host and Origin checks, and every path is resolved inside the config folder):
 *
 *   POST page-create    { route, title }                  → { path, text, hash } a new page with one hero
 *   GET  page-links?path=pages/<file>.json                 → { path, route, title, home, redirects, places, pages, hashes }
 *   POST page-rename    { path, route, update, redirect, hashes }   → { path, route, changed }
 *   POST page-duplicate { path, route, title }            → { path, text, hash }
 *   POST page-delete    { path, fixes, hashes }           → { deleted, changed }
 *
 * "places" are the links to a page across the site (other pages' links and buttons, the header menu, the footer,
 * site settings, redirects' targets, links in texts), each with plain words for where it is. A rename updates the
 * places the person ticked; a delete removes each place or points it to another page. Each operation is checked by
 * the project's checker as a whole (an overlay of every changed file, the deleted page removed) and written all at
 * once or not at all; nothing is written when any new error would follow. The page file keeps its name on a rename:
 * the editor names pages by title and address, never by file.
 */
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { blockCatalogue } from '../../scripts/lib/catalogue.ts';
import type { Diagnostic } from '../../scripts/lib/diagnostics.ts';
import { pointerSegments, valueAt } from '../../scripts/lib/json-pointer.ts';
import { loadProject } from '../../scripts/lib/project.ts';
import { newPage, slugForRoute } from '../../scripts/lib/scaffold.ts';
import { addressFromTyped, isRoute } from '../../renderer/lib/route-form.ts';
import { matchRoute, normalisePath } from '../../renderer/lib/route-match.ts';
import { tempBeside } from '../../scripts/lib/write-atomic.ts';
import { editJsonText } from './json-edit.ts';
import { listFiles, sha256 } from './files.ts';
import { Refusal, resolveInside } from './security.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void;

export interface PagesApiContext {
  root: string;
  configDir: string;
  env: Record<string, string | undefined>;
  watcher: { scan(): unknown };
  send: (res: ServerResponse, status: number, body: unknown) => void;
  readBody: (req: IncomingMessage) => Promise<Record<string, unknown>>;
}

/** One link to a page, as the person sees it in a rename or delete dialog. */
export interface Place {
  /** Names the place within one plan: the file and where in it. */
  id: string;
  /** Plain words: "The footer", "The page “Home”, section 2 (Hero)", "The redirect from /canpad". */
  where: string;
  /** The link's own words, e.g. "Contact us"; empty when it has none. */
  label: string;
  /** Where it points now, e.g. "/contact#form". */
  href: string;
  kind: 'link' | 'redirect' | 'text';
  /** On the page itself. */
  self?: boolean;
}

interface FoundPlace extends Place {
  file: string;
  /** JSON pointer of the link's address (JSON files), or the offset of the address in the text (content files). */
  pointer: string;
  offset: number;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

function readIfExists(abs: string): string | undefined {
  return existsSync(abs) ? readFileSync(abs, 'utf8') : undefined;
}

function parse(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The pages on disk with their route and title, by path inside the config folder. */
function listPages(configDir: string): { path: string; route: string; title: string }[] {
  const dir = join(configDir, 'pages');
  const names = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json') && !f.startsWith('.')) : [];
  return names.sort().flatMap((f) => {
    const v = parse(readIfExists(join(dir, f)));
    const route = isObject(v) && typeof v.route === 'string' ? v.route : null;
    const title = isObject(v) && typeof v.title === 'string' ? v.title : f.replace(/\.json$/, '');
    return route === null ? [] : [{ path: `pages/${f}`, route, title }];
  });
}

/** "/vendors" → "vendors", or "vendors-2" … when that file is taken (a renamed page keeps its old file name). */
export function freePageFile(configDir: string, route: string): string {
  const base = slugForRoute(route);
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    if (!existsSync(join(configDir, 'pages', `${name}.json`))) return name;
  }
}

/** Why a page cannot take this address, in plain words; null when it can. `self` is the page being renamed. */
export function addressProblem(configDir: string, route: string, self?: string): string | null {
  if (!isRoute(route)) {
    const fixed = addressFromTyped(route);
    return `“${route}” is not an address the site can use.${fixed ? ` Use ${fixed}.` : ''}`;
  }
  const taken = listPages(configDir).find((p) => p.route === route && p.path !== self);
  if (taken) return `The address ${route} is already the page “${taken.title}”. Choose another address.`;
  const site = parse(readIfExists(join(configDir, 'site.json')));
  const redirects = isObject(site) && Array.isArray(site.redirects) ? (site.redirects as { from?: unknown; to?: unknown }[]) : [];
  const redirect = redirects.find((r) => r.from === route);
  if (redirect) return `The address ${route} already sends visitors to ${String(redirect.to)}. Choose another address.`;
  return null;
}

/** The block kinds' titles ("Hero", "Feature grid"), for the words that say where a link is. */
let blockTitles: Map<string, string> | undefined;
function blockTitle(root: string, type: unknown): string {
  // The schemas' titles name generated types ("PersonasBlock"); a person reads the kind as the editor's outline does.
  blockTitles ??= new Map(
    blockCatalogue(root).map((b) => [
      b.type,
      b.type
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .replace(/^./, (c) => c.toUpperCase()),
    ]),
  );
  return blockTitles.get(String(type)) ?? 'section';
}

/** Plain words for a place in a config file. */
function whereIs(root: string, rel: string, ptr: string, data: unknown): string {
  const segs = pointerSegments(ptr);
  const id = basename(rel).replace(/\.(json|mdx)$/, '');
  if (rel.startsWith('pages/')) {
    const title = isObject(data) && typeof data.title === 'string' ? data.title : id;
    if (segs[0] === 'blocks' && typeof segs[1] === 'number') {
      const block = valueAt(data, `/blocks/${segs[1]}`);
      return `The page “${title}”, section ${segs[1] + 1} (${blockTitle(root, isObject(block) ? block.type : undefined)})`;
    }
    return `The page “${title}”`;
  }
  if (rel === 'site.json') {
    if (segs[0] === 'header') return 'The header menu';
    if (segs[0] === 'footer') return 'The footer';
    if (segs[0] === 'redirects') return `The redirect from ${String(valueAt(data, `/redirects/${segs[1]}/from`) ?? '')}`;
    if (segs[0] === 'notFound') return 'The page-not-found screen';
    return 'Site settings';
  }
  if (rel.startsWith('faqs/')) return `The question set “${id}”`;
  if (rel.startsWith('forms/')) return `The form “${id}”`;
  if (rel.startsWith('content/')) return `The text “${id}”`;
  return 'Another part of the site';
}

/** The words of the link whose address is at `ptr`: its label, text or title. */
function labelOf(data: unknown, ptr: string): string {
  const link = valueAt(data, ptr.replace(/\/[^/]*$/, ''));
  if (!isObject(link)) return '';
  for (const k of ['label', 'text', 'title', 'name']) if (typeof link[k] === 'string') return link[k] as string;
  return '';
}

/** A link's address moved from one route to another, its parameters, query and fragment kept; null when it cannot be. */
export function movedHref(href: string, from: string, to: string): string | null {
  const [, path, rest] = /^([^?#]*)(.*)$/s.exec(href) ?? ['', href, ''];
  const params = matchRoute(from, path || '/');
  if (!params) return null;
  let complete = true;
  const next = to.replace(/:([a-zA-Z]+)/g, (whole, name: string) => params[name] ?? ((complete = false), whole));
  return complete ? `${next}${rest}` : null;
}

const MD_LINK = /\[([^\]\n]*)\]\((\/[^)\s]*)\)/g;

/** Every place across the site that links to `route`; `except` leaves out a file (the page itself, when it goes). */
function placesFor(ctx: PagesApiContext, route: string, except?: string): FoundPlace[] {
  const { root, configDir, env } = ctx;
  const result = loadProject(root, env, { configDir });
  const statics = new Set(
    listPages(configDir)
      .map((p) => p.route)
      .filter((r) => r !== route && !r.includes(':')),
  );
  const pointsHere = (href: string) => {
    const path = href.replace(/[?#].*$/s, '') || '/';
    return matchRoute(route, path) !== null && (normalisePath(path) === route || !statics.has(normalisePath(path)));
  };
  const docs = new Map<string, unknown>();
  const doc = (rel: string) => {
    if (!docs.has(rel)) docs.set(rel, parse(readIfExists(join(configDir, rel))));
    return docs.get(rel);
  };
  const out: FoundPlace[] = [];
  for (const l of result.links ?? []) {
    const rel = l.file.replace(/^site\.config\//, '');
    if (rel === except || !l.href.startsWith('/') || !pointsHere(l.href)) continue;
    const data = doc(rel);
    out.push({
      id: `${rel}#${l.path}`,
      file: rel,
      pointer: l.path,
      offset: -1,
      kind: 'link',
      href: l.href,
      where: whereIs(ctx.root, rel, l.path, data),
      label: labelOf(data, l.path),
    });
  }
  const site = doc('site.json');
  const redirects = isObject(site) && Array.isArray(site.redirects) ? site.redirects : [];
  redirects.forEach((r: unknown, i) => {
    if (!isObject(r) || typeof r.to !== 'string' || !pointsHere(r.to)) return;
    const pointer = `/redirects/${i}/to`;
    out.push({
      id: `site.json#${pointer}`,
      file: 'site.json',
      pointer,
      offset: -1,
      kind: 'redirect',
      href: r.to,
      where: whereIs(ctx.root, 'site.json', pointer, site),
      label: '',
    });
  });
  // Links written in texts (Markdown): the checker reads their form only, so they are found here.
  for (const f of listFiles(join(configDir, 'content')).filter((x) => x.endsWith('.mdx') && !x.includes('/'))) {
    const rel = `content/${f}`;
    const text = readFileSync(join(configDir, rel), 'utf8');
    for (const m of text.matchAll(MD_LINK)) {
      if (!pointsHere(m[2])) continue;
      const offset = (m.index ?? 0) + m[0].length - 1 - m[2].length;
      out.push({ id: `${rel}@${offset}`, file: rel, pointer: '', offset, kind: 'text', href: m[2], where: whereIs(ctx.root, rel, '', undefined), label: m[1] });
    }
  }
  return out;
}

/** Changes to one file, gathered before any is made, so every pointer names the place it named on disk. */
interface FileChange {
  sets: { pointer: string; value: unknown }[];
  removes: string[];
  /** Content files: [offset, length, replacement] of the original text. */
  splices: [number, number, string][];
  appendRedirect?: { from: string; to: string };
}

function changeOf(changes: Map<string, FileChange>, rel: string): FileChange {
  let c = changes.get(rel);
  if (!c) changes.set(rel, (c = { sets: [], removes: [], splices: [] }));
  return c;
}

function setAt(doc: unknown, ptr: string, value: unknown): void {
  const segs = pointerSegments(ptr);
  const parent = valueAt(doc, ptr.replace(/\/[^/]*$/, ''));
  if (parent === null || typeof parent !== 'object') throw new Refusal(409, 'The site was changed while this was open. Close this and try again.');
  (parent as Record<string, unknown>)[String(segs[segs.length - 1])] = value;
}

/**
 * Removes the link whose address is at `ptr`: the whole item when it is one of a list (a menu entry, a button), the
 * link when it is a setting of its own (a card's link); an address that is a setting of something else (a section's
 * "next page", a form's page to go to) only, never what holds it.
 */
export function removeLinkAt(doc: unknown, ptr: string): void {
  const segs = pointerSegments(ptr);
  const linkSegs = segs.slice(0, -1);
  const link = valueAt(doc, linkSegs.length ? `/${linkSegs.join('/')}` : '');
  const holderPtr = linkSegs.slice(0, -1);
  const holder = linkSegs.length ? valueAt(doc, holderPtr.length ? `/${holderPtr.join('/')}` : '') : undefined;
  const isSection = linkSegs.length === 2 && linkSegs[0] === 'blocks';
  if (!isObject(link)) throw new Refusal(409, 'The site was changed while this was open. Close this and try again.');
  if (segs[segs.length - 1] !== 'href' || linkSegs.length === 0 || isSection || holder === undefined) delete link[String(segs[segs.length - 1])];
  else if (Array.isArray(holder)) holder.splice(Number(linkSegs[linkSegs.length - 1]), 1);
  else if (isObject(holder)) delete holder[String(linkSegs[linkSegs.length - 1])];
}

/** Later places first, so that removing an item of a list leaves the places before it where they were. */
function laterFirst(a: string, b: string): number {
  const x = pointerSegments(a);
  const y = pointerSegments(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] === y[i]) continue;
    if (typeof x[i] === 'number' && typeof y[i] === 'number') return (y[i] as number) - (x[i] as number);
    return String(y[i]).localeCompare(String(x[i]));
  }
  return y.length - x.length;
}

/** The new text of every changed file (null: removed), from the texts on disk. */
function newTexts(ctx: PagesApiContext, changes: Map<string, FileChange>, deleted?: string): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [rel, c] of changes) {
    const disk = readIfExists(join(ctx.configDir, rel)) ?? '';
    if (rel.endsWith('.mdx')) {
      let text = disk;
      for (const [at, len, put] of [...c.splices].sort((a, b) => b[0] - a[0])) text = text.slice(0, at) + put + text.slice(at + len);
      out[rel] = text;
      continue;
    }
    const doc = parse(disk);
    for (const s of c.sets) setAt(doc, s.pointer, s.value);
    for (const r of [...c.removes].sort(laterFirst)) removeLinkAt(doc, r);
    if (c.appendRedirect && isObject(doc) && Array.isArray(doc.redirects)) doc.redirects.push(c.appendRedirect);
    out[rel] = editJsonText(disk, doc);
  }
  if (deleted) out[deleted] = null;
  return out;
}

const keyOf = (d: Diagnostic) => `${d.file}\0${d.code}\0${d.path}\0${d.message}`;

/** The errors the change would bring (none: it may be written), said where they would be. */
function newProblems(ctx: PagesApiContext, overlay: Record<string, string | null>): { where: string; message: string }[] {
  const { root, configDir, env } = ctx;
  const before = new Set(
    loadProject(root, env, { configDir })
      .diagnostics.filter((d) => d.severity === 'error')
      .map(keyOf),
  );
  const after = loadProject(root, env, { configDir, overlay }).diagnostics.filter((d) => d.severity === 'error' && !before.has(keyOf(d)));
  return after.map((d) => {
    const rel = d.file.replace(/^site\.config\//, '');
    const text = rel in overlay ? overlay[rel] : readIfExists(join(configDir, rel));
    return { where: whereIs(root, rel, d.path, parse(text ?? undefined)), message: `${d.message}${d.suggestion ? ` ${d.suggestion}` : ''}` };
  });
}

/**
 * Writes every file of one operation or none: each new text goes to a hidden file beside its target first, then
 * all are moved into place; if any step fails, the files already replaced get their old text back.
 */
export function writeAll(configDir: string, texts: Record<string, string | null>): void {
  const staged = Object.entries(texts).map(([rel, text]) => {
    const abs = resolveInside(configDir, rel, { write: true }).abs;
    return { abs, text, before: readIfExists(abs), tmp: tempBeside(abs) };
  });
  const done: typeof staged = [];
  try {
    for (const s of staged) if (s.text !== null) writeFileSync(s.tmp, s.text);
    for (const s of staged) {
      if (s.text === null) rmSync(s.abs, { force: true });
      else renameSync(s.tmp, s.abs);
      done.push(s);
    }
  } catch (err) {
    for (const s of done.reverse()) {
      if (s.before === undefined) rmSync(s.abs, { force: true });
      else writeFileSync(s.abs, s.before);
    }
    throw err;
  } finally {
    for (const s of staged) rmSync(s.tmp, { force: true });
  }
}

/** The page a request names: inside pages/, on disk, with a route. */
function pageAt(ctx: PagesApiContext, path: unknown): { rel: string; text: string; data: Json; route: string; title: string } {
  const { rel, abs } = resolveInside(ctx.configDir, path, { write: true });
  if (!rel.startsWith('pages/')) throw new Refusal(400, 'Choose a page.');
  const text = readIfExists(abs);
  if (text === undefined) throw new Refusal(404, 'This page is no longer there (it may have been deleted). Choose another page.');
  const data = parse(text);
  if (!isObject(data) || typeof data.route !== 'string') throw new Refusal(422, 'This page has a mistake to fix before it can be renamed, copied or deleted.');
  return { rel, text, data, route: data.route, title: typeof data.title === 'string' ? data.title : basename(rel, '.json') };
}

/** The hashes of the files a plan read, so a change made meanwhile (another window, a text editor) is not overwritten. */
function hashesOf(configDir: string, files: string[]): Record<string, string> {
  return Object.fromEntries([...new Set(files)].map((rel) => [rel, sha256(readIfExists(join(configDir, rel)) ?? '')]));
}

function sameHashes(configDir: string, sent: unknown): void {
  if (!isObject(sent)) throw new Refusal(400, 'Open the dialog again: it did not say which version of the site it shows.');
  for (const [rel, hash] of Object.entries(sent)) {
    const { abs } = resolveInside(configDir, rel, { write: true });
    if (sha256(readIfExists(abs) ?? '') !== hash) throw new Refusal(409, 'The site was changed while this was open. Close this and try again.');
  }
}

function refused(ctx: PagesApiContext, res: ServerResponse, problems: { where: string; message: string }[]): void {
  ctx.send(res, 422, {
    message: `Nothing was changed: ${problems.length === 1 ? 'this would leave a problem' : `this would leave ${problems.length} problems`} on the site.`,
    problems,
  });
}

/** The routes for api.ts's table. */
export function pageRoutes(ctx: PagesApiContext): Record<string, Handler> {
  const { configDir, send } = ctx;
  const title = (v: unknown, what: string) => {
    if (typeof v !== 'string' || !v.trim()) throw new Refusal(400, `Give the ${what} a title, e.g. “Vendors”.`);
    return v.trim();
  };
  const route = (v: unknown, self?: string) => {
    if (typeof v !== 'string' || !v) throw new Refusal(400, 'Type the address of the page, e.g. /vendors.');
    const problem = addressProblem(configDir, v, self);
    if (problem) throw new Refusal(isRoute(v) ? 409 : 400, problem);
    return v;
  };
  const scaffold = (res: ServerResponse, opts: { route: string; title: string; from?: string }) => {
    const result = newPage({ root: ctx.root, configDir, route: opts.route, title: opts.title, from: opts.from, file: freePageFile(configDir, opts.route) });
    if (!result.ok) {
      const problems = result.diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => ({ where: 'The new page', message: `${d.message}${d.suggestion ? ` ${d.suggestion}` : ''}` }));
      return send(res, 422, { message: 'The page was not made: it would not pass the site’s checks.', problems });
    }
    ctx.watcher.scan();
    const rel = result.file.replace(/^site\.config\//, '');
    const text = readFileSync(result.path, 'utf8');
    send(res, 200, { path: rel, text, hash: sha256(text) });
  };

  return {
    'POST page-create': async (req, res) => {
      const body = await ctx.readBody(req);
      const r = route(body.route);
      scaffold(res, { route: r, title: title(body.title, 'page') });
    },
    'GET page-links': (_req, res, url) => {
      const page = pageAt(ctx, url.searchParams.get('path'));
      const places = placesFor(ctx, page.route);
      const site = parse(readIfExists(join(configDir, 'site.json')));
      send(res, 200, {
        path: page.rel,
        route: page.route,
        title: page.title,
        home: page.route === '/',
        // A redirect from the old address is offered where the site has redirects, for an address without parameters.
        redirects: isObject(site) && Array.isArray(site.redirects) && !page.route.includes(':'),
        // Links on the page itself follow it on a rename, and go with it on a delete.
        places: places.map(({ id, where, label, href, kind, file }) => ({ id, where, label, href, kind, self: file === page.rel })),
        pages: listPages(configDir)
          .filter((p) => p.path !== page.rel && !p.route.includes(':'))
          .map(({ route: r, title: t }) => ({ route: r, title: t })),
        hashes: hashesOf(configDir, [page.rel, 'site.json', ...places.map((p) => p.file)]),
      });
    },
    'POST page-rename': async (req, res) => {
      const body = await ctx.readBody(req);
      const page = pageAt(ctx, body.path);
      if (page.route === '/') throw new Refusal(400, 'The home page keeps the address /.');
      const next = route(body.route, page.rel);
      sameHashes(configDir, body.hashes);
      const update = new Set(Array.isArray(body.update) ? body.update.map(String) : []);
      const places = placesFor(ctx, page.route);
      const changes = new Map<string, FileChange>();
      changeOf(changes, page.rel).sets.push({ pointer: '/route', value: next });
      for (const p of places) {
        if (!update.has(p.id)) continue;
        const href = movedHref(p.href, page.route, next);
        if (href === null) continue;
        if (p.kind === 'text') changeOf(changes, p.file).splices.push([p.offset, p.href.length, href]);
        else changeOf(changes, p.file).sets.push({ pointer: p.pointer, value: href });
      }
      if (body.redirect === true && !page.route.includes(':')) changeOf(changes, 'site.json').appendRedirect = { from: page.route, to: next };
      const texts = newTexts(ctx, changes);
      const problems = newProblems(ctx, texts);
      if (problems.length > 0) return refused(ctx, res, problems);
      writeAll(configDir, texts);
      ctx.watcher.scan();
      send(res, 200, { path: page.rel, route: next, changed: Object.keys(texts) });
    },
    'POST page-duplicate': async (req, res) => {
      const body = await ctx.readBody(req);
      const page = pageAt(ctx, body.path);
      const r = route(body.route);
      scaffold(res, { route: r, title: title(body.title, 'copy'), from: basename(page.rel, '.json') });
    },
    'POST page-delete': async (req, res) => {
      const body = await ctx.readBody(req);
      const page = pageAt(ctx, body.path);
      if (page.route === '/') throw new Refusal(400, 'The home page cannot be deleted.');
      sameHashes(configDir, body.hashes);
      const fixes = isObject(body.fixes) ? body.fixes : {};
      const places = placesFor(ctx, page.route, page.rel);
      const changes = new Map<string, FileChange>();
      for (const p of places) {
        const fix = fixes[p.id];
        const to = isObject(fix) && typeof fix.to === 'string' ? fix.to : null;
        if (!(isObject(fix) && fix.remove === true) && to === null)
          throw new Refusal(400, `Choose what to do with every link to this page first: ${p.where}${p.label ? ` (“${p.label}”)` : ''} has no choice yet.`);
        if (to !== null) {
          if (!isRoute(to) || to === page.route) throw new Refusal(400, `Choose another page for ${p.where}.`);
          // The other page's own address: a part of the deleted page ("#pricing") may not exist there.
          if (p.kind === 'text') changeOf(changes, p.file).splices.push([p.offset, p.href.length, to]);
          else changeOf(changes, p.file).sets.push({ pointer: p.pointer, value: to });
        } else if (p.kind === 'text') {
          // "[words](/page)" becomes "words": the text stays, the link goes.
          const start = p.offset - p.label.length - 3;
          changeOf(changes, p.file).splices.push([start, p.label.length + p.href.length + 4, p.label]);
        } else changeOf(changes, p.file).removes.push(p.pointer);
      }
      const texts = newTexts(ctx, changes, page.rel);
      const problems = newProblems(ctx, texts);
      if (problems.length > 0) return refused(ctx, res, problems);
      writeAll(configDir, texts);
      ctx.watcher.scan();
      send(res, 200, { deleted: page.rel, changed: Object.keys(texts).filter((f) => f !== page.rel) });
    },
  };
}
