/**
 * npm run serve: serves dist/ the way the CDN would, honouring _redirects and _headers,
 * with a real 404 status for unknown paths and for the build's own files (_headers, .vite/, source maps),
 * and 405 for methods other than GET and HEAD. PORT and HOST choose the address (default 127.0.0.1:4173).
 * With SITEWRIGHT_TLS_KEY and SITEWRIGHT_TLS_CERT (PEM file paths) it speaks HTTPS with HTTP/2, as a CDN does;
 * `npm run audit` uses that so Lighthouse models the connection a visitor really gets.
 * Requests under /api/ go to the built-in lead service (server/), on the same origin and port, so the
 * CSP's connect-src 'self' covers the forms; so does the back office under /admin/. The address line is printed only
 * once its database is ready. With publishing on (server/publish/), the live site is the last build published from
 * the back office (dist/ until then), switched to without a restart, and requests of a preview link's visitors are
 * answered from that preview's build first.
 */
import { createServer } from 'node:http';
import { createSecureServer } from 'node:http2';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLeadService } from '../server/node.ts';
import { createPreviewServer } from '../server/publish/preview-serving.ts';
import { followLive, openSite, siteHandler, type Site } from './lib/site.ts';
import { siteRoutes } from '../server/stats/routes.ts';
import type { SiteRoutes } from '../server/stats/ingest.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(root, process.env.SITEWRIGHT_DIST ?? 'dist');
let first: Site;
try {
  first = openSite(root, dist);
} catch {
  console.error('dist/ has no build. Run npm run build first (npm start does both).');
  process.exit(1);
}
const tls =
  process.env.SITEWRIGHT_TLS_KEY && process.env.SITEWRIGHT_TLS_CERT
    ? { key: readFileSync(process.env.SITEWRIGHT_TLS_KEY), cert: readFileSync(process.env.SITEWRIGHT_TLS_CERT) }
    : undefined;

// Whatever the lead service writes (its lock file, its database where PGlite honours the umask) is the owner's alone.
process.umask(0o077);
// The site being served; the lead service's answer pages follow it once publishing may switch it.
let current = () => first;
// The funnel counts page views by the routes of the build being served, read once per build.
const routes = new WeakMap<Site, SiteRoutes>();
const routesOf = (site: Site) => routes.get(site) ?? routes.set(site, siteRoutes(site.dir, site.redirects)).get(site)!;
// The first open of a new embedded database takes several seconds; nothing is served before it is ready.
// Forms posted without JavaScript are answered with pages of the build being served.
const leads = await startLeadService(
  undefined,
  (route, answer) => current().answer(route, answer),
  () => routesOf(current()),
).catch((e: unknown) => {
  console.error(`The lead service could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
// With publishing on, the live build is the last one published (dist/ until then), switched to without a restart.
const sites = followLive(root, first, leads.publishing?.publisher.live);
current = sites.current;
// Preview links (the site with someone's draft applied) are answered before the live site.
const preview = leads.publishing ? createPreviewServer(leads.publishing.previews, { secure: () => tls !== undefined }) : undefined;
const handle = siteHandler({ sites, service: leads.listener, preview });

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
    sites.stop();
    leads.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(`Closing the lead service failed: ${e instanceof Error ? e.message : String(e)}`);
        process.exit(1);
      },
    );
  });
