/** Parsers and matchers for the Netlify / Cloudflare Pages `_redirects` and `_headers` files, so `npm run serve` behaves as the CDN would. */

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
  const from = rule.from.replace(/\/$/, '') || '/';
  const path = pathname.replace(/\/$/, '') || '/';
  const names: string[] = [];
  const pattern = from
    .split('/')
    .map((seg) => {
      if (seg === '*') {
        names.push('splat');
        return '(.*)';
      }
      if (seg.startsWith(':')) {
        names.push(seg.slice(1));
        return '([^/]+)';
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  const m = new RegExp(`^${pattern}$`).exec(path);
  if (!m) return null;
  let to = rule.to;
  names.forEach((n, i) => {
    to = to.replace(n === 'splat' ? ':splat' : `:${n}`, m[i + 1]);
  });
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
  for (const r of rules) {
    const re = new RegExp(`^${r.pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    if (re.test(pathname)) out.push(...r.headers);
  }
  return out;
}
