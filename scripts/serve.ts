/**
 * npm run serve: serves dist/ the way the CDN would, honouring _redirects and _headers,
 * with a real 404 status for unknown paths and for the build's own files (_headers, .vite/, source maps),
 * and 405 for methods other than GET and HEAD. PORT and HOST choose the address (default 127.0.0.1:4173).
 * With SITEWRIGHT_TLS_KEY and SITEWRIGHT_TLS_CERT (PEM file paths) it speaks HTTPS with HTTP/2, as a CDN does;
 * `npm run audit` uses that so Lighthouse models the connection a visitor really gets.
 * Requests under /api/ go to the built-in lead service (server/), on the same origin and port, so the
 * CSP's connect-src 'self' covers the forms; so does the back office under /admin/. The address line is printed only
 * once its database is ready.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer } from 'node:http2';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { applyRedirect, headersFor, isBuildFile, isStaticMethod, parseHeaders, parseRedirects, STATIC_METHODS } from './lib/cdn-rules.ts';
import { isBackOfficePath, startLeadService } from '../server/node.ts';
import { answerPages } from './lib/answer-pages.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(root, process.env.SITEWRIGHT_DIST ?? 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('dist/ has no build. Run npm run build first (npm start does both).');
  process.exit(1);
}
const redirects = parseRedirects(readFileSync(join(dist, '_redirects'), 'utf8'));
const headerRules = parseHeaders(readFileSync(join(dist, '_headers'), 'utf8'));
const notFoundPage = readFileSync(join(dist, '404.html'));

const files = sirv(dist, {
  dev: false,
  etag: true,
  gzip: true,
  brotli: true,
  extensions: ['html'],
  setHeaders: (res: ServerResponse, pathname: string) => {
    if (pathname.startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    else res.setHeader('Cache-Control', 'no-cache');
  },
});

// Whatever the lead service writes (its lock file, its database where PGlite honours the umask) is the owner's alone.
process.umask(0o077);
// The first open of a new embedded database takes several seconds; nothing is served before it is ready.
// Forms posted without JavaScript are answered with pages of this build.
const leads = await startLeadService(undefined, answerPages(root, dist)).catch((e: unknown) => {
  console.error(`The lead service could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});

/**
 * The 404 page with a real 404 status. Never cached: `_headers` gives everything under /assets/ a year's
 * immutable caching, which must not stick to an address whose file a later deploy adds.
 */
function notFound(res: ServerResponse) {
  res.statusCode = 404;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(notFoundPage);
}

function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  // The back office (/admin/) is the same service's, with headers of its own: never a file of dist/, nor its rules.
  if (isBackOfficePath(url.pathname)) {
    void leads.listener(req, res);
    return;
  }
  for (const [k, v] of headersFor(headerRules, url.pathname)) res.setHeader(k, v);
  // The lead service answers its own methods (POST, and OPTIONS for CORS preflights).
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
    void leads.listener(req, res);
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
    notFound(res);
    return;
  }
  for (const rule of redirects) {
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
  const type = headersFor(headerRules, url.pathname).find(([k]) => k.toLowerCase() === 'content-type');
  const file = join(dist, url.pathname);
  if (type && file.startsWith(dist) && existsSync(file)) {
    res.setHeader('Content-Type', type[1]);
    res.end(readFileSync(file));
    return;
  }
  files(req, res, () => notFound(res));
}

const tls =
  process.env.SITEWRIGHT_TLS_KEY && process.env.SITEWRIGHT_TLS_CERT
    ? { key: readFileSync(process.env.SITEWRIGHT_TLS_KEY), cert: readFileSync(process.env.SITEWRIGHT_TLS_CERT) }
    : undefined;
// http2's compatibility request/response implement the parts of the http1 API that sirv and handle() use.
const server = tls ? createSecureServer({ ...tls, allowHTTP1: true }, handle as unknown as Parameters<typeof createSecureServer>[1]) : createServer(handle);

const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';
server.listen(port, host, () => {
  // The port bound, not the one asked for: PORT=0 takes any free one (the tests do).
  const a = server.address();
  console.log(`Serving ${process.env.SITEWRIGHT_DIST ?? 'dist'}/ at ${tls ? 'https' : 'http'}://${host}:${a && typeof a === 'object' ? a.port : port}/`);
  leads.listeningAt(`${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${a && typeof a === 'object' ? a.port : port}`);
});

// Stop taking requests, then close the database cleanly (PGlite flushes and the data-dir lock is released).
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    server.close();
    leads.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(`Closing the lead service failed: ${e instanceof Error ? e.message : String(e)}`);
        process.exit(1);
      },
    );
  });
