/** Parsers and matchers for the Netlify / Cloudflare Pages `_redirects` and `_headers` files, so `npm run serve` behaves as the CDN would. */
import { matchRoute } from '../../renderer/lib/route-match.ts';

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
}

export function parseRedirects(text: string): RedirectRule[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [from, to, status] = l.split(/\s+/);
      return { from, to, status: status ? Number.parseInt(status, 10) : 301 };
    });
}

/** Matches a path against a rule's "from" (":name" placeholders and a trailing "*" splat); returns the target with values filled in. */
export function applyRedirect(rule: RedirectRule, pathname: string): string | null {
  const params = matchRoute(rule.from, pathname);
  if (!params) return null;
  let to = rule.to;
  for (const [name, value] of Object.entries(params)) to = to.replace(`:${name}`, value);
  return to;
}

export interface HeaderRule {
  pattern: string;
  headers: [string, string][];
}

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const raw of text.split('\n')) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) rules.push({ pattern: raw.trim(), headers: [] });
    else {
      const i = raw.indexOf(':');
      rules[rules.length - 1]?.headers.push([raw.slice(0, i).trim(), raw.slice(i + 1).trim()]);
    }
  }
  return rules;
}

export function headersFor(rules: HeaderRule[], pathname: string): [string, string][] {
  const out: [string, string][] = [];
  for (const r of rules) if (matchRoute(r.pattern, pathname)) out.push(...r.headers);
  return out;
}

/** The methods a CDN answers for pages and assets; anything else gets 405 with these in `Allow`. */
export const STATIC_METHODS = ['GET', 'HEAD'] as const;

export function isStaticMethod(method: string | undefined): boolean {
  return (STATIC_METHODS as readonly string[]).includes(method ?? 'GET');
}

// Files the CDN reads instead of publishing (Netlify and Cloudflare Pages), at the top of the output.
const CDN_CONFIG_FILES = new Set(['/_headers', '/_redirects', '/_routes.json', '/_worker.js']);

/**
 * True for a path that names one of the build's own files rather than a published page or asset: the CDN's
 * `_headers`/`_redirects`, anything under a dot folder (Vite's `.vite/manifest.json`; `.well-known` excepted),
 * a source map, and the `.gz`/`.br` copies of text files (browsers get those by Accept-Encoding on the original's
 * address). `pathname` is as requested; it is decoded as the static server decodes it, so `/%5Fheaders` counts.
 */
export function isBuildFile(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // Malformed escapes: the static server looks the path up as it is, and so does this.
  }
  path = path.replace(/\/+$/, '') || '/';
  if (CDN_CONFIG_FILES.has(path)) return true;
  if (path.split('/').some((segment) => segment.startsWith('.') && segment !== '.well-known')) return true;
  return /\.map$|\.(html|js|css|svg|xml|txt|json)\.(gz|br)$/.test(path);
}
