import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { filesUnder } from './build-info.ts';
import type { Project } from './project.ts';

const origin = (u: string) => new URL(u).origin;

/** The origin of an absolute address; null for a path on the site's own origin, which connect-src 'self' already covers. */
export function externalOrigin(address: string): string | null {
  return /^https?:\/\//.test(address) ? origin(address) : null;
}

/** The Google tag's hosts: the tag itself, and where it sends measurements (and its pixel fallbacks). */
export const GOOGLE_TAG_ORIGINS = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};

/** Tawk.to's hosts: the embed, its scripts, its live connection, and the pictures, fonts and frames of its widget. */
export const TAWK_ORIGINS = {
  script: ['https://embed.tawk.to', 'https://*.tawk.to'],
  connect: ['https://*.tawk.to', 'wss://*.tawk.to'],
  img: ['https://*.tawk.to'],
  font: ['https://*.tawk.to'],
  frame: ['https://*.tawk.to'],
};

/**
 * Origins a page may talk to or embed: the identity service, form endpoints, the scheduler and the video host; the
 * Google tag's and the chat widget's only when their ids are set (they still load only after consent).
 */
export function thirdPartyOrigins(project: Project) {
  const iam = externalOrigin(project.site.iamService);
  const connect = new Set<string>(iam ? [iam] : []);
  const forms = project.fragments.forms ?? {};
  for (const form of Object.values(forms)) {
    const endpoint = (form as { submit?: { endpoint?: string } }).submit?.endpoint;
    if (endpoint?.startsWith('https://')) connect.add(origin(endpoint));
  }
  const scheduler = origin(project.site.scheduler.url);
  const video = origin(project.site.video.url);
  const youtube = /youtube\.com|youtu\.be/.test(video);
  const tag = project.site.analyticsId ? GOOGLE_TAG_ORIGINS : undefined;
  const chat = project.site.chatId ? TAWK_ORIGINS : undefined;
  return {
    connect: [...[...connect].sort(), ...(tag?.connect ?? []), ...(chat?.connect ?? [])],
    frame: [
      ...[scheduler, youtube ? 'https://www.youtube-nocookie.com' : video, youtube ? 'https://www.youtube.com' : ''].filter(Boolean),
      ...(chat?.frame ?? []),
    ],
    script: [...(youtube ? ['https://www.youtube.com', 'https://s.ytimg.com'] : []), ...(tag?.script ?? []), ...(chat?.script ?? [])],
    img: [...(youtube ? ['https://i.ytimg.com'] : []), ...(tag?.img ?? []), ...(chat?.img ?? [])],
    font: chat?.font ?? [],
  };
}

export function contentSecurityPolicy(project: Project, scriptHashes: string[]): string {
  const o = thirdPartyOrigins(project);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // Hash-based: no 'unsafe-inline' or 'unsafe-eval' for scripts, ever.
    ['script-src', ["'self'", ...scriptHashes, ...o.script]],
    // Carousel, toast and player libraries set inline styles at run time.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...o.img]],
    ['font-src', ["'self'", ...o.font]],
    ['connect-src', ["'self'", ...o.connect]],
    ['frame-src', o.frame],
    ['media-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([k, v]) => (v.length ? `${k} ${v.join(' ')}` : k)).join('; ');
}

export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** Where the site's speculation rules are served from; every page names it in a `Speculation-Rules` header. */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';

/**
 * Pages are separate documents; the browser fetches a page the visitor is about to open (a pointer resting on its
 * link, or pressed) so that it opens at once. Delivered as a header, the rules need no inline script, which the CSP
 * forbids. Prefetch, not prerender: a prerendered page would run its scripts (a redirect, a service check) for a
 * visit that may never happen. The lead API is never fetched ahead.
 */
export function speculationRules(): string {
  const where = { and: [{ href_matches: '/*' }, { not: { href_matches: '/api/*' } }] };
  return `${JSON.stringify({ prefetch: [{ source: 'document', where, eagerness: 'moderate' }] }, null, 2)}\n`;
}

/** Netlify / Cloudflare Pages `_headers`: security headers everywhere, long caching for hashed assets. */
export function headersFile(headers: Record<string, string>): string {
  const lines = [
    '/*',
    ...Object.entries({ ...headers, 'Speculation-Rules': `"${SPECULATION_RULES_PATH}"` }).map(([k, v]) => `  ${k}: ${v}`),
    '',
    SPECULATION_RULES_PATH,
    '  Content-Type: application/speculationrules+json',
    '',
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
  ];
  return lines.join('\n');
}

/** A route pattern's output folder: "/referral/:refId" is written to dist/referral/_refId/. */
export function outputPath(route: string): string {
  // Empty parts ("//vendors", "/vendors/") name no folder: the file is the one the plain address gets.
  const dir = route
    .replace(/:([a-zA-Z]+)/g, '_$1')
    .split('/')
    .filter(Boolean)
    .join('/');
  return dir === '' ? 'index.html' : `${dir}/index.html`;
}

/**
 * Routes that would be written to one file ("/vendors" and "//vendors"; "/Vendors" too, on a disk that ignores case):
 * each clash in words, empty when every route has a file of its own. The build stops on any, as one file cannot hold two pages.
 */
export function routeClashes(routes: string[]): string[] {
  const byFile = new Map<string, string[]>();
  for (const r of routes) {
    const key = outputPath(r).toLowerCase();
    byFile.set(key, [...(byFile.get(key) ?? []), r]);
  }
  return [...byFile.entries()]
    .filter(([, rs]) => rs.length > 1)
    .map(([, rs]) => `The routes ${rs.map((r) => `"${r}"`).join(' and ')} would be built to one file, ${outputPath(rs[0])}. Give each page its own route.`);
}

/** Netlify / Cloudflare Pages `_redirects`: config redirects (301) and parameter routes (200 rewrites). */
export function redirectsFile(project: Project, paramRoutes: string[]): string {
  const lines = project.site.redirects.map((r) => `${r.from} ${r.to} 301`);
  for (const route of paramRoutes) lines.push(`${route} /${outputPath(route)} 200`);
  return `${lines.join('\n')}\n`;
}

export function sitemap(siteUrl: string, routes: string[]): string {
  // One entry per built file: two spellings of one page's address are one page to a search engine.
  const files = new Set<string>();
  const unique = routes.filter((r) => !files.has(outputPath(r)) && files.add(outputPath(r)));
  const urls = unique.map((r) => `  <url><loc>${siteUrl}${r === '/' ? '/' : r}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robots(siteUrl: string, disallow: string[]): string {
  return `User-agent: *\n${disallow.map((d) => `Disallow: ${d}`).join('\n')}${disallow.length ? '\n' : ''}Allow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

/** The settings of the served compressed copies: brotli at its best quality, gzip at its best level. */
export const BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } };
export const GZIP_OPTIONS = { level: 9 };

/** A file's brotli copy, as served to browsers that accept it. */
export const brotli = (body: Buffer | string) => brotliCompressSync(body, BROTLI_OPTIONS);

/** Writes `.gz` and `.br` copies of one file beside it, which `npm run serve` (like most CDNs) sends to browsers that accept them. */
export function compressFile(p: string) {
  const body = readFileSync(p);
  writeFileSync(`${p}.gz`, gzipSync(body, GZIP_OPTIONS));
  writeFileSync(`${p}.br`, brotli(body));
}

/** The files under `dir` that get compressed copies: every text file over 512 bytes. */
export const compressible = (dir: string) => filesUnder(dir).filter((p) => /\.(html|js|css|svg|xml|txt|json)$/.test(p) && statSync(p).size > 512);
