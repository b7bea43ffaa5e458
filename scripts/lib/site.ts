/**
 * The built site as npm run serve answers it, the way the CDN would: `_redirects` and `_headers` honoured, a real 404
 * status for unknown paths and for the build's own files (_headers, .vite/, source maps), 405 for methods other than
 * GET and HEAD. Everything read from a build folder is gathered in one Site, so the server can switch to a newly
 * published build without a restart: the new Site is opened fully, then replaces the old one in one assignment, and
 * a request already under way finishes from the folder it started with.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import sirv from 'sirv';
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
} from './cdn-rules.ts';
import { answerPages, type AnswerPages } from './answer-pages.ts';

export interface Site {
  dir: string;
  redirects: RedirectRule[];
  headerRules: HeaderRule[];
  notFoundPage: Buffer;
  files: ReturnType<typeof sirv>;
  /** Pages answering forms posted without JavaScript, rendered with this build's server bundle. */
  answer: AnswerPages;
}

/** Reads everything the server needs from a build folder; throws when it is not a whole build. */
export function openSite(root: string, dir: string): Site {
  const at = resolve(dir);
  if (!existsSync(join(at, 'index.html'))) throw new Error(`${dir} has no build (no index.html)`);
  return {
    dir: at,
    redirects: parseRedirects(readFileSync(join(at, '_redirects'), 'utf8')),
    headerRules: parseHeaders(readFileSync(join(at, '_headers'), 'utf8')),
    notFoundPage: readFileSync(join(at, '404.html')),
    files: sirv(at, {
      dev: false,
      etag: true,
      gzip: true,
      brotli: true,
      extensions: ['html'],
      setHeaders: (res: ServerResponse, pathname: string) => {
        if (pathname.startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    }),
    answer: answerPages(root, at),
  };
}

/** The site being served now, and the builds before it (for the assets of pages opened just before a switch). */
export interface Sites {
  current(): Site;
  previous(): readonly Site[];
  stop(): void;
}

/** How many earlier builds still answer for their assets: publishing keeps at least that many folders. */
const KEEP_PREVIOUS = 2;

/**
 * Serves `first`, or the live build when `live` already names one, and switches to each new live build. A build that
 * cannot be opened is reported and the site stays as it was.
 */
export function followLive(
  root: string,
  first: Site,
  live?: { dir(): string | null; onChange(listener: (dir: string) => void): () => void },
  log: (line: string) => void = (l) => console.error(l),
): Sites {
  let current = first;
  let previous: Site[] = [];
  const switchTo = (dir: string) => {
    if (resolve(dir) === current.dir) return;
    let next: Site;
    try {
      next = openSite(root, dir);
    } catch (e) {
      log(`[serve] still serving the previous build: the new one could not be opened (${e instanceof Error ? e.message : String(e)})`);
      return;
    }
    previous = [current, ...previous].slice(0, KEEP_PREVIOUS);
    current = next;
  };
  const now = live?.dir();
  if (now) switchTo(now);
  const stop = live?.onChange(switchTo);
  return { current: () => current, previous: () => previous, stop: () => stop?.() };
}

/** True for the back office's addresses: /admin and /admin/…, not the site's /admin-login. */
const isBackOfficePath = (path: string) => /^\/admin(?:[/?#]|$)/.test(path);

export interface SiteHandlerOptions {
  sites: Pick<Sites, 'current' | 'previous'>;
  /** The lead service and back office, for /api/ and /admin/. */
  service: (req: IncomingMessage, res: ServerResponse) => unknown;
  /** Answers requests that belong to a preview link (true when it did). */
  preview?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
}

export function siteHandler({ sites, service, preview }: SiteHandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  /**
   * The 404 page with a real 404 status. Never cached: `_headers` gives everything under /assets/ a year's
   * immutable caching, which must not stick to an address whose file a later deploy adds.
   */
  function notFound(site: Site, res: ServerResponse) {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(site.notFoundPage);
  }

  function serve(site: Site, req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // The back office (/admin/) is the same service's, with headers of its own: never a file of the build, nor its rules.
    if (isBackOfficePath(url.pathname)) {
      void service(req, res);
      return;
    }
    for (const [k, v] of headersFor(site.headerRules, url.pathname)) res.setHeader(k, v);
    // The lead service answers its own methods (POST, and OPTIONS for CORS preflights).
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      void service(req, res);
      return;
    }
    // Pages and assets are read-only, as on the CDN: no PUT, DELETE, OPTIONS or TRACE answered with the page.
    if (!isStaticMethod(req.method)) {
      res.statusCode = 405;
      res.setHeader('Allow', STATIC_METHODS.join(', '));
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(`${req.method ?? ''} is not allowed here; pages and assets answer ${STATIC_METHODS.join(' and ')}.\n`);
      return;
    }
    if (isBuildFile(url.pathname)) {
      notFound(site, res);
      return;
    }
    for (const rule of site.redirects) {
      const target = applyRedirect(rule, url.pathname);
      if (target === null) continue;
      if (rule.status === 200) {
        // A rewrite: serve the target file at the same address.
        req.url = target + url.search;
        break;
      }
      res.statusCode = rule.status;
      res.setHeader('Location', target + url.search);
      res.end();
      return;
    }
    // A file whose _headers rule names its type (the speculation rules) is sent with that type, as the CDN does;
    // the static server would call it application/json.
    const type = headersFor(site.headerRules, url.pathname).find(([k]) => k.toLowerCase() === 'content-type');
    const file = join(site.dir, url.pathname);
    if (type && file.startsWith(site.dir + sep) && existsSync(file)) {
      res.setHeader('Content-Type', type[1]);
      res.end(readFileSync(file));
      return;
    }
    site.files(req, res, () => {
      // A page opened just before a switch asks for its own build's assets; they are named by their content, so an
      // earlier build's file is the one that page wants.
      const older = url.pathname.startsWith('/assets/')
        ? sites.previous().find((s) => {
            const f = join(s.dir, url.pathname);
            return f.startsWith(s.dir + sep) && existsSync(f);
          })
        : undefined;
      if (older) older.files(req, res, () => notFound(site, res));
      else notFound(site, res);
    });
  }

  return (req, res) => {
    // The site being served when the request came in answers all of it, even if a new build goes live meanwhile.
    const site = sites.current();
    if (!preview) return serve(site, req, res);
    preview(req, res).then(
      (answered) => answered || serve(site, req, res),
      () => {
        if (res.headersSent) res.destroy();
        else {
          res.statusCode = 500;
          res.setHeader('Cache-Control', 'no-store');
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.end('The preview could not be shown. Please try again.\n');
        }
      },
    );
  };
}
