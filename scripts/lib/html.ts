import { createHash } from 'node:crypto';
import { escapeAttribute } from '../../renderer/islands/fill.ts';
import { GATED_TEMPLATE_ID } from '../../renderer/shell/gate.ts';
import { INLINED_STYLES_ATTR, LATER_STYLES_ATTR, NO_SCRIPT_MEDIA } from '../../renderer/shell/markup.ts';

export interface Manifest {
  [key: string]: {
    file: string;
    src?: string;
    name?: string;
    isEntry?: boolean;
    isDynamicEntry?: boolean;
    css?: string[];
    imports?: string[];
    dynamicImports?: string[];
  };
}

/** What the islands loader fetches when the first island wakes: React and the island runtime. */
export const ISLANDS_RUNTIME = 'renderer/islands/runtime.tsx';
/** The site's block registry, which the loader hands the runtime (the renderer imports no block itself). */
export const BLOCK_REGISTRY = 'blocks/registry.ts';
/** Styles only a browser with scripts switched off applies (linked with media="(scripting: none)"). */
export const NO_SCRIPT_STYLES = 'renderer/shell/no-script.css';
/** Never loaded in the browser; its styles are the layout's (header, footer, screens), which every page needs. */
export const APP_STYLES = 'renderer/App.tsx';

/**
 * The JS chunks and CSS files a manifest entry needs, following its static imports. With `lazyStyles`, the styles
 * of what they import lazily come too (not their scripts), except where `lazyStyles` says no: the prerenderer renders
 * those modules into the page (a block's form engine, say), so their markup needs its styles before their code.
 */
export function collectAssets(manifest: Manifest, keys: string[], lazyStyles?: (key: string) => boolean): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, lazy: boolean) => {
    const mark = `${key}|${lazy}`;
    if (seen.has(mark) || seen.has(`${key}|false`)) return;
    seen.add(mark);
    const chunk = manifest[key];
    if (!chunk) return;
    if (!lazy) js.add(chunk.file);
    // Dependencies' styles first, so a block's own rules come later and win over what it composes.
    for (const i of chunk.imports ?? []) visit(i, lazy);
    for (const c of chunk.css ?? []) css.add(c);
    if (lazyStyles) for (const d of chunk.dynamicImports ?? []) if (lazyStyles(d)) visit(d, true);
  };
  for (const k of keys) visit(k, false);
  return { js: [...js], css: [...css] };
}

/** The same escaping the prerenderer gives an island's props, for text and double-quoted attributes. */
export const escapeHtml = escapeAttribute;

export interface DocumentParts {
  lang: string;
  title: string;
  description: string;
  canonical: string;
  siteName: string;
  index: boolean;
  /** A style sheet for browsers with scripts switched off. */
  noScriptCss?: string;
  /** The code of the page's module scripts, inlined in the order they must run (scripts/lib/page-scripts.ts). */
  scripts: string[];
  /** Module scripts of the site's own origin the page asks for after those, e.g. "assets/consent-1a2b3c4d.js". */
  moduleFiles?: string[];
  css: string[];
  /** Stylesheets put straight into the page: no render-blocking request before first paint. */
  inlineCss?: string;
  inlinedFiles?: string[];
  /** Style sheets linked after the first paint by the shell (scripts/lib/page-css.ts, laterStyleCandidates). */
  laterCss?: string[];
  preloadImages?: string[];
  body: string;
  /** A page behind the preview gate: its own content, shown instead of the gate's screen once the gate is passed. */
  gated?: { title: string; body: string };
}

export function renderDocument(d: DocumentParts): string {
  const meta = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(d.title)}</title>`,
    `<meta name="description" content="${escapeHtml(d.description)}">`,
    d.index ? '' : `<meta name="robots" content="noindex">`,
    `<link rel="canonical" href="${escapeHtml(d.canonical)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(d.siteName)}">`,
    `<meta property="og:title" content="${escapeHtml(d.title)}">`,
    `<meta property="og:description" content="${escapeHtml(d.description)}">`,
    `<meta property="og:url" content="${escapeHtml(d.canonical)}">`,
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${escapeHtml(d.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(d.description)}">`,
    `<meta name="theme-color" content="#1f5fd6">`,
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`,
    ...d.css.map((c) => `<link rel="stylesheet" href="/${c}">`),
    // The files the inlined styles came from, named for the islands loader (INLINED_STYLES_ATTR).
    d.inlineCss
      ? `<style${d.inlinedFiles?.length ? ` ${INLINED_STYLES_ATTR}="${escapeHtml(d.inlinedFiles.map((c) => `/${c}`).join(' '))}"` : ''}>${d.inlineCss.replace(/<\/style/gi, '<\\/style')}</style>`
      : '',
    // With scripts off nothing links them later, so they are linked here; the shell reads the list from the attribute.
    d.laterCss?.length
      ? `<noscript ${LATER_STYLES_ATTR}="${d.laterCss.map((c) => `/${c}`).join(' ')}">${d.laterCss.map((c) => `<link rel="stylesheet" href="/${c}">`).join('')}</noscript>`
      : '',
    d.noScriptCss ? `<link rel="stylesheet" href="/${d.noScriptCss}" media="${NO_SCRIPT_MEDIA}">` : '',
    ...(d.preloadImages ?? []).map((src) => `<link rel="preload" as="image" href="${escapeHtml(src)}">`),
  ].filter(Boolean);
  // At the end of the body, where the markup they work on is parsed; the CSP allows each by its hash.
  const scripts =
    d.scripts.map((code) => `<script type="module">${code}</script>\n`).join('') +
    (d.moduleFiles ?? []).map((f) => `<script type="module" src="/${escapeHtml(f)}"></script>\n`).join('');
  return `<!doctype html>\n<html lang="${d.lang}">\n<head>\n${meta.join('\n')}\n</head>\n<body>\n<div id="app">${d.body}</div>\n${scripts}${
    d.gated ? `<template id="${GATED_TEMPLATE_ID}" data-title="${escapeHtml(d.gated.title)}">${d.gated.body}</template>\n` : ''
  }</body>\n</html>\n`;
}

/** sha256 source expressions for every inline <script> in the documents, for a hash-based CSP. */
export function inlineScriptHashes(htmls: string[]): string[] {
  const out = new Set<string>();
  for (const html of htmls) {
    // Data blocks (type="application/json") are never run, so the policy need not name them.
    for (const m of html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/(?:ld\+)?json"))[^>]*>([\s\S]*?)<\/script>/g)) {
      out.add(`'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
    }
  }
  return [...out].sort();
}
