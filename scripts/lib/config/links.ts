/**
 * Links in any file (schemas mark them with "x-link"): "@name" is a destination of site.json, "/path" a route of a
 * page or redirect, "#id" a block on the same page. Other forms (https:, mailto:) are the schema's business.
 */
import { closest } from '../suggest.ts';
import { say } from './diagnostics.ts';
import type { Findings } from './findings.ts';
import type { Checked } from './model.ts';
import type { RouteIndex } from './routes.ts';

export interface LinkTargets {
  destinations: string[];
  routes: RouteIndex;
  /** Block ids of each page, by file; links in shared files may land on any page, so they are not checked for ids. */
  pageIds: Map<string, string[]>;
  /** Pages whose route could not be read: links to unknown routes are then held back, not blamed. */
  unreadablePages: string[];
}

export function checkLinks(checked: Checked[], t: LinkTargets, findings: Findings): void {
  const heldBack = new Set<string>();
  for (const { src, links } of checked) {
    for (const l of links) {
      if (l.href.startsWith('@')) {
        const name = l.href.slice(1);
        if (!t.destinations.includes(name))
          findings.at(src, l.path, say('unknown-destination', { href: l.href, guess: closest(name, t.destinations), known: t.destinations }));
      } else if (l.href.startsWith('/')) {
        const path = l.href.replace(/[?#].*$/, '') || '/';
        if (t.routes.exists(path)) continue;
        if (t.unreadablePages.length > 0) heldBack.add(path);
        else findings.at(src, l.path, say('unknown-route', { path, guess: closest(path, [...t.routes.staticRoutes]), redirect: false }));
      } else if (l.href.startsWith('#')) {
        const ids = t.pageIds.get(src.file);
        const id = l.href.slice(1);
        if (ids && !ids.includes(id)) findings.at(src, l.path, say('unknown-anchor', { id, href: l.href, guess: closest(id, ids), ids }));
      }
    }
  }
  // Said once, on the unreadable file: the links may well be right, and its syntax error is the one mistake.
  if (heldBack.size > 0) findings.whole(t.unreadablePages[0], say('links-not-checked', { routes: [...heldBack], files: t.unreadablePages }));
}
