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
