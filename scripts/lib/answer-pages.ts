/**
 * The lead service's answers to forms the browser posted itself, as pages of the site: a built page (dist/) whose
 * islands are rendered again by the build's server bundle with the answer in their props, so the form shows what the
 * visitor sent with the service's messages under its fields, or its success, and a later hydration shows the same.
 * The cursor starts in the first field in error. npm run serve hands this to the lead service (server/app.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FormAnswer } from '../../renderer/forms/answer.ts';
import { escapeAttribute, fillIsland, unescapeAttribute } from '../../renderer/islands/fill.ts';
import { ISLAND_ATTRIBUTE, PROPS_ATTRIBUTE, type IslandProps } from '../../renderer/islands/contract.ts';
import { outputPath } from './deploy-files.ts';
import { importServerBundle, type ServerBundle } from './server-bundle.ts';

/** Where the build keeps its server bundle for the output folder `dist` (outside it: it is not for the public). */
export function ssrBundleDir(root: string, dist: string): string {
  return join(root, 'node_modules', `.sitewright-ssr-${relative(root, dist).replace(/[^\w-]/g, '_')}`);
}

/** "/contact", "/pricing/enterprise": a page's own route, never a way out of dist/. */
const ROUTE = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/;

/**
 * The islands of `html`: each wrapper's opening tag (attributes, props) and where its element ends. The scan counts
 * <div> tags only: a wrapper is a div, React escapes "<" in text and attributes, so no other "<div" can appear.
 */
export function islandsIn(html: string): { start: number; end: number; attributes: string; props: string; index: number }[] {
  const out: { start: number; end: number; attributes: string; props: string; index: number }[] = [];
  const open = new RegExp(`<div ([^>]*\\b${ISLAND_ATTRIBUTE}="(\\d+)"[^>]*?) ${PROPS_ATTRIBUTE}="([^"]*)">`, 'g');
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const tags = /<div[\s>]|<\/div>/g;
    tags.lastIndex = m.index + m[0].length;
    let depth = 1;
    let end = -1;
    for (let t = tags.exec(html); t; t = tags.exec(html)) {
      depth += t[0] === '</div>' ? -1 : 1;
      if (depth === 0) {
        end = t.index + t[0].length;
        break;
      }
    }
    if (end < 0) break;
    out.push({ start: m.index, end, attributes: m[1]!, props: unescapeAttribute(m[3]!), index: Number(m[2]) });
    open.lastIndex = end;
  }
  return out;
}

/** Puts `autofocus` on the first element of `ids` that is a field of the page: where the visitor has to look first. */
export function focusFirst(html: string, ids: string[]): string {
  for (const id of ids) {
    const field = new RegExp(`<(input|textarea|select)\\b([^>]*?) id="${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`);
    const m = field.exec(html);
    if (m) return `${html.slice(0, m.index)}<${m[1]} autofocus=""${m[2]} id="${id}"${html.slice(m.index + m[0].length)}`;
  }
  return html;
}

/** The ids a field's element may have: its own, a radio group's first button, a phone widget's number box. */
const fieldIds = (form: string, field: string) => [`f-${form}-${field}`, `f-${form}-${field}-0`];

/** A page answering `answer`, or undefined when there is no such built page (or no server bundle to render it). */
export type AnswerPages = (route: string, answer: FormAnswer) => Promise<string | undefined>;

export function answerPages(root: string, dist: string): AnswerPages {
  let bundle: Promise<ServerBundle> | undefined;
  const dir = ssrBundleDir(root, dist);
  const entry = join(dir, 'entry-server.js');
  return async (route, answer) => {
    if (!ROUTE.test(route)) return undefined;
    const file = join(dist, outputPath(route));
    if (!existsSync(file) || !existsSync(entry)) return undefined;
    bundle ??= importServerBundle(dir);
    const { renderIsland } = await bundle;
    let html = readFileSync(file, 'utf8');
    // From the last island to the first, so the earlier positions stay right.
    for (const island of islandsIn(html).reverse()) {
      const props = { ...(JSON.parse(island.props) as IslandProps), answer };
      const inner = await renderIsland(props, island.index, route);
      html = `${html.slice(0, island.start)}${fillIsland(island.attributes, escapeAttribute(JSON.stringify(props)), inner)}${html.slice(island.end)}`;
    }
    const wrong = Object.keys(answer.errors);
    return wrong.length
      ? focusFirst(
          html,
          wrong.flatMap((f) => fieldIds(answer.form, f)),
        )
      : html;
  };
}
