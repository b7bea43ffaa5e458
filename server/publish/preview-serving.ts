/**
 * The site with a draft applied, for whoever has a preview link. Opening /preview/<token> sets a cookie holding the
 * token; from then on that browser's requests for pages and assets on this origin are answered from the preview's
 * build, as the CDN would answer them from the live one (routes, _redirects, _headers, the 404 page), until the link
 * ends. The lead API and the back office stay the service's own. Nothing here is cached or indexed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import {
  applyRedirect,
  headersFor,
  isBuildFile,
  isStaticMethod,
  parseHeaders,
  parseRedirects,
  STATIC_METHODS,
  type HeaderRule,
  type RedirectRule,
} from '../../scripts/lib/cdn-rules.ts';
import { encodedFile } from '../encoded-file.ts';
import type { PreviewLinks } from './types.ts';

export const PREVIEW_COOKIE = 'sitewright_preview';
const WEEK_S = 7 * 86_400;

export interface PreviewServerOptions {
  /** True when the visitor's connection is HTTPS: the cookie is then marked Secure. */
  secure?: (req: IncomingMessage) => boolean;
  now?: () => number;
}

export type PreviewServer = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/** "/preview/<token>/owner" → "/preview/…/owner": the form a preview address may take in a log line. */
export const redactPreviewPath = (path: string): string => path.replace(/^\/preview\/[^/?#]+/, '/preview/…');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
};

interface Rules {
  redirects: RedirectRule[];
  headers: HeaderRule[];
}

const readText = (file: string) => readFile(file, 'utf8').catch(() => '');

/** The cookie's value, if the request carries one that could be a token. */
function cookieToken(req: IncomingMessage): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === PREVIEW_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The lead API and the back office are never a preview's: they stay the service's own. */
const isServicePath = (path: string) => /^\/(?:api|admin)(?:[/?#]|$)/.test(path);

/**
 * The path inside the build, decoded, or null when it is not one a build can have: a `..` or `.` segment (also as
 * %2e%2e), a backslash, a NUL, or a malformed escape.
 */
export function previewPath(raw: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (!path.startsWith('/') || /[\\\0]/.test(path)) return null;
  if (path.split('/').some((s) => s === '..' || s === '.')) return null;
  return path;
}

/** Where HTML should have its robots meta: right after `<head>`, unless the page already says noindex. */
export function withNoindex(html: string): string {
  if (/<meta\s[^>]*name=["']?robots["']?[^>]*content=["'][^"']*noindex/i.test(html)) return html;
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  const tag = '<meta name="robots" content="noindex">';
  return head ? `${html.slice(0, head.index + head[0].length)}${tag}${html.slice(head.index + head[0].length)}` : `${tag}${html}`;
}

export function createPreviewServer(previews: Pick<PreviewLinks, 'resolve'>, opts: PreviewServerOptions = {}): PreviewServer {
  const now = opts.now ?? Date.now;
  // A preview's build never changes once made: its rules are read once (a few kept, the oldest dropped first).
  const rules = new Map<string, Promise<Rules>>();
  const rulesOf = (dir: string): Promise<Rules> => {
    let r = rules.get(dir);
    if (!r) {
      r = Promise.all([readText(join(dir, '_redirects')), readText(join(dir, '_headers'))]).then(([red, head]) => ({
        redirects: parseRedirects(red),
        headers: parseHeaders(head),
      }));
      rules.set(dir, r);
      if (rules.size > 16) rules.delete(rules.keys().next().value!);
    }
    return r;
  };

  const cookie = (req: IncomingMessage, value: string, maxAge: number) =>
    `${PREVIEW_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${opts.secure?.(req) ? '; Secure' : ''}`;

  /** Headers on every answer about a preview: never cached, never indexed, the token never sent on as a referrer. */
  const privateHeaders = (res: ServerResponse) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('Referrer-Policy', 'same-origin');
  };

  const plain = (req: IncomingMessage, res: ServerResponse, status: number, title: string, text: string) => {
    privateHeaders(res);
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>\n`;
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const notAllowed = (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Allow', STATIC_METHODS.join(', '));
    plain(req, res, 405, 'Not allowed', `A preview only shows pages: ${req.method ?? ''} is not answered here.`);
  };

  /** A file of the build, by its path inside it; null when there is none (or the path leads out of the build). */
  async function fileIn(dir: string, path: string): Promise<string | null> {
    const names = path.endsWith('/') ? [`${path}index.html`] : [path, `${path}.html`, `${path}/index.html`];
    const real = await realpath(dir).catch(() => null);
    if (!real) return null;
    for (const name of names) {
      const full = resolve(dir, `.${name}`);
      if (!full.startsWith(dir + sep)) continue;
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) continue;
      // A link inside the build that points out of it is not followed.
      const target = await realpath(full).catch(() => null);
      if (target?.startsWith(real + sep)) return target;
    }
    return null;
  }

  async function send(req: IncomingMessage, res: ServerResponse, file: string, status: number) {
    const type = (res.getHeader('Content-Type') as string | undefined) ?? TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    // A page gets its noindex tag, so it goes as it is; other files go as the build's copy the browser takes.
    const page = type.startsWith('text/html');
    const sent = page ? null : encodedFile(file, req.headers['accept-encoding']);
    let body = await readFile(sent?.path ?? file);
    if (page) body = Buffer.from(withNoindex(body.toString('utf8')));
    res.statusCode = status;
    res.setHeader('Content-Type', type);
    if (sent?.varies) res.setHeader('Vary', 'Accept-Encoding');
    if (sent?.coding) res.setHeader('Content-Encoding', sent.coding);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** Answers `rawPath` (as requested, not yet decoded) from the build in `dir`, as the CDN answers the live site. */
  async function serve(req: IncomingMessage, res: ServerResponse, dir: string, rawPath: string, search: string) {
    const base = resolve(dir);
    let path = previewPath(rawPath);
    if (path === null) return plain(req, res, 400, 'Not a page address', 'This address cannot name a page of the site.');
    const { redirects, headers } = await rulesOf(base);
    for (const [k, v] of headersFor(headers, path)) res.setHeader(k, v);
    privateHeaders(res);
    const notFound = async () => {
      // A type a _headers rule gave the asked-for path is not the 404 page's.
      res.removeHeader('Content-Type');
      const page = await fileIn(base, '/404.html');
      if (page) return send(req, res, page, 404);
      return plain(req, res, 404, 'Page not found', 'There is no page at this address in the preview.');
    };
    if (isBuildFile(path)) return notFound();
    for (const rule of redirects) {
      const target = applyRedirect(rule, path);
      if (target === null) continue;
      if (rule.status === 200) {
        // A rewrite: the target's file at the same address.
        const rewritten = previewPath(target);
        if (rewritten === null) return notFound();
        path = rewritten;
        break;
      }
      res.statusCode = rule.status;
      res.setHeader('Location', target + search);
      res.end();
      return;
    }
    const file = await fileIn(base, path);
    return file ? send(req, res, file, 200) : notFound();
  }

  /** A build folder cleared away mid-answer (its link ended) fails this one request, never the server. */
  async function serveSafely(req: IncomingMessage, res: ServerResponse, dir: string, rawPath: string, search: string) {
    try {
      await serve(req, res, dir, rawPath, search);
    } catch {
      if (res.headersSent) res.destroy();
      else plain(req, res, 500, 'Preview not available right now', 'This page of the preview could not be read. Please try again.');
    }
  }

  return async (req, res) => {
    const url = req.url ?? '/';
    const q = url.search(/[?#]/);
    const rawPath = q < 0 ? url : url.slice(0, q);
    const search = q < 0 || url[q] === '#' ? '' : url.slice(q).replace(/#.*$/, '');
    if (isServicePath(rawPath)) return false;

    const opened = /^\/preview\/([^/]*)(\/.*)?$/.exec(rawPath);
    if (opened) {
      if (!isStaticMethod(req.method)) {
        notAllowed(req, res);
        return true;
      }
      const token = opened[1];
      let link: Awaited<ReturnType<PreviewLinks['resolve']>>;
      try {
        link = await previews.resolve(token);
      } catch {
        plain(req, res, 503, 'Preview not available right now', 'The preview cannot be shown at the moment. Please try again in a minute.');
        return true;
      }
      if (!link) {
        if (cookieToken(req) === token) res.setHeader('Set-Cookie', cookie(req, '', 0));
        plain(req, res, 404, 'This preview link does not work', 'It may have expired or been revoked. Ask whoever shared it for a new link.');
        return true;
      }
      const left = link.expiresAt ? Math.max(0, Math.floor((Date.parse(link.expiresAt) - now()) / 1000)) : WEEK_S;
      res.setHeader('Set-Cookie', cookie(req, token, left));
      await serveSafely(req, res, link.dir, opened[2] ?? '/', search);
      return true;
    }

    const token = cookieToken(req);
    if (token === undefined) return false;
    let link: Awaited<ReturnType<PreviewLinks['resolve']>>;
    try {
      link = await previews.resolve(token);
    } catch {
      // The database is out of reach: the live site answers, and the cookie is kept for when it is back.
      return false;
    }
    if (!link) {
      // A link that ended: its cookie goes, and the live site answers.
      res.setHeader('Set-Cookie', cookie(req, '', 0));
      return false;
    }
    if (!isStaticMethod(req.method)) {
      notAllowed(req, res);
      return true;
    }
    await serveSafely(req, res, link.dir, rawPath, search);
    return true;
  };
}
