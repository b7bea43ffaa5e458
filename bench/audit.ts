/**
 * npm run audit [-- --routes /,/owner] [-- --preset mobile|desktop|both] [-- --runs 5] [-- --no-build]
 * Builds, serves dist/ on loopback over HTTPS + HTTP/2 (as the CDN does; HTTP/1.1 when openssl is missing)
 * and runs Lighthouse (Debian chromium) on every route, five times unless --runs says otherwise.
 * Prints one row per route and preset: each score and metric is its median over the runs (bench/lib/audit-figures.ts).
 * With every mobile run goes a control run of the same page from the same server with its scripts taken out of the
 * document as it arrives, so the LCP budget compares like with like on this machine at this moment.
 * Writes the median run's JSON report (Lighthouse's choice: the run nearest the median FCP and TTI) to
 * reports/lighthouse/ (git-ignored); the bytes a route loads are read from that run.
 * Exits 1 when a figure misses its budget (bench/lib/audit-budgets.ts). TBT is reported beside its no-script control
 * without a budget; the budget in its place is the site's own scripting on mobile (Lighthouse's bootup-time audit).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import lighthouse, { desktopConfig, type Result as LighthouseResult } from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Page } from 'puppeteer-core';
import { loadProject } from '../scripts/lib/project.ts';
import { visiblePages } from '../scripts/lib/config/visible-pages.ts';
import { startServer } from '../scripts/lib/serve-child.ts';
import { compressFile, outputPath } from '../scripts/lib/deploy-files.ts';
import { median, medianFigures, type Figures } from './lib/audit-figures.ts';
import {
  BUDGET,
  budgetMisses,
  isFrameworkCode,
  isStaticPage,
  OWN_SCRIPTING_EXEMPT,
  ownScriptingMs,
  resultLine,
  spread,
  withoutScripts,
} from './lib/audit-budgets.ts';
import { blockRegistry } from '../blocks/registry.ts';
import { CHROMIUM_ARGS } from '../scripts/lib/chromium.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const presets = (arg('--preset') ?? 'both') === 'both' ? ['mobile', 'desktop'] : [arg('--preset') as string];
// One Lighthouse run varies by tens of milliseconds of blocking time on a busy machine. Lighthouse's variability
// guide: the median of five runs is about twice as stable as one run.
const runs = Math.max(1, Math.floor(Number(arg('--runs') ?? 5)) || 5);
const distName = process.env.SITEWRIGHT_DIST ?? 'dist';
const distDir = resolve(root, distName);

if (!args.includes('--no-build')) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/build.ts')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const { project } = loadProject(root);
if (!project) throw new Error('config does not validate: run npm run validate');
// Parameter routes redirect to another site at once; there is nothing of ours to measure there.
const routes =
  arg('--routes')?.split(',') ??
  visiblePages(project)
    .map((p) => p.config.route)
    .filter((r) => !r.includes(':'));

/**
 * A throw-away certificate for 127.0.0.1. Over plain HTTP/1.1 Lighthouse's simulation charges a round trip per
 * request on six connections, which no visitor of a CDN-hosted site pays; HTTP/2 needs TLS in browsers.
 */
function loopbackCertificate(): { key: string; cert: string } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'sitewright-audit-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  const r = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  if (r.status === 0) return { key, cert };
  console.warn('openssl is not available: auditing over HTTP/1.1, which makes every route look slower than on the CDN.');
  return undefined;
}

const tls = loopbackCertificate();
const port = Number(process.env.AUDIT_PORT ?? 4390);
const server = await startServer(root, port, { tls, dist: distName });

/**
 * The control: the same build with every page's scripts taken out (bench/lib/audit-budgets.ts withoutScripts),
 * compressed again and served by a second server of the same kind, so that the two differ in their scripts only.
 * Rewriting documents in the browser as they arrived made the control's pages uncompressed, and slower.
 */
function noScriptCopy(): string {
  const name = `${distName}-no-script`;
  const dir = resolve(root, name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(distDir, dir, { recursive: true });
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (/\.html\.(gz|br)$/.test(file)) rmSync(join(dir, file));
    else if (file.endsWith('.html')) writeFileSync(join(dir, file), withoutScripts(readFileSync(join(dir, file), 'utf8')));
  }
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) if (file.endsWith('.html')) compressFile(join(dir, file));
  return name;
}
const controlServer = presets.includes('mobile') ? await startServer(root, port + 1, { tls, dist: noScriptCopy() }) : undefined;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, ...(tls ? ['--ignore-certificate-errors'] : [])],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

/**
 * Some routes are only reached mid-flow. The scheduler step sends a visitor without the waitlist's details back
 * to the form, so it is measured the way visitors arrive: with those details in session storage (kept per tab,
 * so they are written in the tab Lighthouse then uses, on a page of the site that loads no script or style).
 */
const schedulerStores = new Map(
  visiblePages(project).flatMap((p) =>
    p.config.blocks.flatMap((b) => (b.type === 'scheduler' && 'store' in b ? [[p.config.route, String(b.store)] as const] : [])),
  ),
);
/**
 * The identity service is up in production but unreachable from here; a page that checks it on load (/doctor)
 * would be marked down in best practices for the browser's "failed to load" console error. Answer it as a
 * live service does, and nothing else: every other request goes out (or fails) as it would.
 */
async function answerServices(page: Page, siteOrigin: string) {
  const cdp = await page.createCDPSession();
  // A same-origin base ("/api/v1") is the built-in service's: only its own paths are answered, not the pages.
  const base = new URL(project!.site.iamService, siteOrigin);
  const pattern = base.origin === siteOrigin ? `${base.href}*` : `${base.origin}/*`;
  cdp.on('Fetch.requestPaused', (e: { requestId: string }) => {
    void cdp.send('Fetch.fulfillRequest', {
      requestId: e.requestId,
      responseCode: 200,
      responseHeaders: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'Access-Control-Allow-Origin', value: '*' },
      ],
      body: Buffer.from('{}').toString('base64'),
    });
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: pattern }] });
  return cdp;
}

async function arrive(page: Page, origin: string, route: string): Promise<boolean> {
  const store = schedulerStores.get(route);
  if (!store) return false;
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate((key: string) => {
    sessionStorage.setItem(key, JSON.stringify({ firstName: 'Ada', lastName: 'Okafor', email: 'ada@example.com', phoneNumber: '15551234567' }));
  }, `sitewright:store:${store}`);
  // Lighthouse keeps storage for this run (it would wipe the session details), so empty the cache by hand.
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  return true;
}
const outDir = join(root, 'reports/lighthouse');
mkdirSync(outDir, { recursive: true });

/** A file we serve, or undefined for another origin's (or a missing file). */
function servedFile(url: string): string | undefined {
  const u = new URL(url);
  if (u.origin !== server.url) return undefined;
  const file = join(distDir, u.pathname);
  return existsSync(file) ? file : undefined;
}

/** gzip size of a file we serve, or of the bytes Lighthouse saw for a third-party one. */
function gzipBytes(url: string, fallback: number): number {
  const file = servedFile(url);
  return file ? gzipSync(readFileSync(file), { level: 9 }).length : fallback;
}

/** Whether a script is React or react-dom, by its content (bench/lib/audit-budgets.ts); another origin's never is. */
function isFrameworkScript(url: string): boolean {
  const file = servedFile(url);
  return file ? isFrameworkCode(readFileSync(file, 'utf8')) : false;
}

/** Routes whose blocks all stay static HTML (no `hydrate` in blocks/registry.ts): they may load no framework code. */
const staticRoutes = new Set(
  visiblePages(project)
    .filter((p) =>
      isStaticPage(
        p.config.blocks.map((b) => b.type),
        blockRegistry,
      ),
    )
    .map((p) => p.config.route),
);

/** Routes search engines may index (the sitemap's); the others ask not to be (noindex and robots.txt). */
const indexedRoutes = new Set(
  visiblePages(project)
    .filter((p) => p.config.sitemap !== false)
    .map((p) => p.config.route),
);

/** gzip size of what a route's prerendered HTML carries inline in `element` (it arrives with the document). */
function inlineBytes(route: string, element: RegExp): number {
  const file = join(distDir, outputPath(route));
  if (!existsSync(file)) return 0;
  const text = [...readFileSync(file, 'utf8').matchAll(element)].map((m) => m[1]).join('\n');
  return text ? gzipSync(text, { level: 9 }).length : 0;
}
/** The route's HTML as `npm run serve` sends it to a browser that accepts brotli. */
const htmlBrotliBytes = (route: string) => {
  const file = `${join(distDir, outputPath(route))}.br`;
  return existsSync(file) ? statSync(file).size : 0;
};
const inlineCssBytes = (route: string) => inlineBytes(route, /<style>([\s\S]*?)<\/style>/g);
/** The shell and the islands loader are inline module scripts: counted as script bytes the page carries. */
const inlineScriptBytes = (route: string) => inlineBytes(route, /<script type="module">([\s\S]*?)<\/script>/g);

interface Row extends Figures {
  route: string;
  preset: string;
  /** Scripts before interaction (fetched during the load Lighthouse measures, or inline), gzip: React and react-dom, the rest. */
  frameworkBytes: number;
  otherJsBytes: number;
  cssKb: number;
  /** The HTML as served, brotli, bytes. */
  htmlBytes: number;
  staticRoute: boolean;
  indexable: boolean;
  /** The no-script control's median LCP and every run's, where it ran (mobile). */
  controlLcp?: number;
  controlLcpRuns?: number[];
  /** The control's median TBT and every run's: what the page blocks without any script of ours. */
  controlTbt?: number;
  controlTbtRuns?: number[];
  /** Scripts the control's median run fetched: 0 unless JavaScript was not really off. */
  controlScripts?: number;
  /** The site's own scripting (bootup-time), median and every run's, ms; judged on mobile; null: not measured. */
  ownScripting?: number | null;
  ownScriptingRuns: number[];
}
const rows: Row[] = [];
/** The requests a run made, from its network-requests audit. */
const requestsOf = (lhr: LighthouseResult) =>
  (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
/**
 * The runs that saw a first paint and TTI (Lighthouse's NO_FCP, NO_NAVSTART and the like are left out), naming
 * the ones left out; the median is taken over the rest.
 */
function validRuns(label: string, results: LighthouseResult[]): LighthouseResult[] {
  const valid = filterToValidRuns(results);
  if (valid.length < results.length)
    console.warn(
      `${label}: ${results.length - valid.length} of ${results.length} runs had no first paint or TTI and were left out (${results
        .filter((r) => !valid.includes(r))
        .map((r) => r.runtimeError?.code ?? 'no TTI')
        .join(', ')})`,
    );
  return valid;
}
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const signed = (ms: number) => (ms > 0 ? `+${ms}` : `${ms}`);
/** How many scripts a run fetched. */
const scriptRequests = (lhr: LighthouseResult) => requestsOf(lhr).filter((r) => r.resourceType === 'Script').length;
/** reports/lighthouse/<kind>-<route>.json, `/` as "home". */
const reportName = (kind: string, route: string) => `${kind}${route === '/' ? '-home' : route.replace(/\//g, '-')}.json`;

/** One Lighthouse run of a route; with `scripts: false` the browser runs no JavaScript on the page (the control). */
/**
 * Lighthouse's configs with the bootup-time audit listing every URL, not only those over 50 ms: the site's own
 * scripting is a sum of small costs. The audit weighs nothing in the performance score.
 */
const BOOTUP_EVERY_URL = [{ path: 'bootup-time', options: { thresholdInMs: 0 } }];
const mobileConfig = { extends: 'lighthouse:default' as const, audits: BOOTUP_EVERY_URL };
const desktopEveryUrl = { ...desktopConfig, audits: BOOTUP_EVERY_URL };

async function audit(route: string, preset: string, scripts: boolean): Promise<LighthouseResult> {
  const origin = scripts ? server.url : (controlServer ?? server).url;
  const page = await browser.newPage();
  const services = await answerServices(page, origin);
  const seeded = await arrive(page, origin, route);
  const result = await lighthouse(
    `${origin}${route}`,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      disableStorageReset: seeded,
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    },
    preset === 'desktop' ? desktopEveryUrl : mobileConfig,
    page,
  );
  await services.detach();
  await page.close();
  if (!result) throw new Error(`no Lighthouse result for ${route}${scripts ? '' : ' (no-script control)'}`);
  return result.lhr;
}

try {
  for (const preset of presets) {
    // The LCP budget is the issue's mobile one; desktop rows are measured without a control, at half the time.
    const withControl = preset === 'mobile';
    for (const route of routes) {
      const results: LighthouseResult[] = [];
      const controls: LighthouseResult[] = [];
      // Alternating, so a busy moment of the machine slows both kinds of run, not one of them.
      for (let run = 0; run < runs; run++) {
        results.push(await audit(route, preset, true));
        if (withControl) controls.push(await audit(route, preset, false));
      }
      const valid = validRuns(`${preset} ${route}`, results);
      const lhr = valid.length ? computeMedianRun(valid) : results[results.length - 1];
      writeFileSync(join(outDir, reportName(preset, route)), JSON.stringify(lhr));
      const scriptsOf = (frameworkCode: boolean) =>
        requestsOf(lhr)
          .filter((r) => r.resourceType === 'Script' && isFrameworkScript(r.url) === frameworkCode)
          .reduce((n, r) => n + gzipBytes(r.url, r.transferSize ?? 0), 0);
      const sum = (type: string) =>
        requestsOf(lhr)
          .filter((r) => r.resourceType === type)
          .reduce((n, r) => n + gzipBytes(r.url, r.transferSize ?? 0), 0) / 1024;
      const row: Row = {
        route,
        preset,
        ...medianFigures(valid.length ? valid : [lhr]),
        frameworkBytes: scriptsOf(true),
        otherJsBytes: scriptsOf(false) + inlineScriptBytes(route),
        cssKb: Number((sum('Stylesheet') + inlineCssBytes(route) / 1024).toFixed(1)),
        htmlBytes: htmlBrotliBytes(route),
        staticRoute: staticRoutes.has(route),
        indexable: indexedRoutes.has(route),
        // Only runs that loaded the page have a bootup-time table; with none, the row cannot meet the budget.
        ownScriptingRuns: valid.map(ownScriptingMs).sort((a, b) => a - b),
      };
      // Judged on mobile, where the budget is; desktop rows print theirs.
      if (preset === 'mobile') row.ownScripting = row.ownScriptingRuns.length ? Math.round(median(row.ownScriptingRuns)) : null;
      if (withControl) {
        const validControls = validRuns(`${preset} ${route} without scripts`, controls);
        const control = validControls.length ? computeMedianRun(validControls) : controls[controls.length - 1];
        writeFileSync(join(outDir, reportName(`${preset}-no-script`, route)), JSON.stringify(control));
        const figures = medianFigures(validControls.length ? validControls : [control]);
        Object.assign(row, {
          controlLcp: figures.lcp,
          controlLcpRuns: figures.lcpRuns,
          controlTbt: figures.tbt,
          controlTbtRuns: figures.tbtRuns,
          controlScripts: scriptRequests(control),
        });
      }
      rows.push(row);
      const lcp = `LCP ${row.lcp} ms (${spread(row.lcpRuns)})`;
      const control =
        row.controlLcp === undefined ? '' : `, no scripts ${row.controlLcp} ms (${spread(row.controlLcpRuns ?? [])}), ${signed(row.lcp - row.controlLcp)} ms`;
      const own = !row.ownScriptingRuns.length
        ? 'own scripting not measured (no run loaded the page)'
        : `own scripting ${Math.round(median(row.ownScriptingRuns))} ms (${spread(row.ownScriptingRuns)})${
            preset !== 'mobile'
              ? ''
              : OWN_SCRIPTING_EXEMPT.has(route)
                ? ', exempt'
                : row.ownScripting! > BUDGET.ownScriptingMs
                  ? ', over budget'
                  : ', within budget'
          }`;
      process.stdout.write(
        `${preset} ${route}: perf ${row.perf} a11y ${row.a11y} bp ${row.bp} seo ${row.seo}, ${own}, TBT ${row.tbt} ms (${spread(row.tbtRuns)})${row.controlTbt === undefined ? '' : ` [no scripts ${row.controlTbt} ms (${spread(row.controlTbtRuns ?? [])})]`}, ${lcp}${control}, JS ${kb(row.frameworkBytes)} KB framework + ${kb(row.otherJsBytes)} KB other${row.staticRoute ? ' (static route)' : ''}${runs > 1 ? ` (medians of ${valid.length} runs; perf ${results.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join('/')})` : ''}\n`,
      );
      if (row.controlScripts) console.warn(`${preset} ${route}: the no-script control still fetched ${row.controlScripts} scripts`);
    }
  }
} finally {
  await browser.disconnect();
  await chrome.kill();
  server.stop();
  controlServer?.stop();
}

const misses = (r: Row) => [...budgetMisses(r), ...(r.controlScripts ? ['control ran scripts'] : [])];

const header =
  '| route | preset | perf | a11y | best practices | SEO | own scripting ms | its runs | TBT ms | TBT ms, every run | TBT ms, no scripts | its runs | LCP ms | LCP spread | LCP ms, no scripts | its spread | LCP − no scripts | CLS | framework JS KB gz | other JS KB gz | CSS KB gz | HTML bytes br | static | budget |';
const table = [
  header,
  '|' + ' --- |'.repeat(24),
  ...rows.map(
    (r) =>
      `| ${r.route} | ${r.preset} | ${r.perf} | ${r.a11y} | ${r.bp} | ${r.seo} | ${r.ownScriptingRuns.length ? Math.round(median(r.ownScriptingRuns)) : 'not measured'}${OWN_SCRIPTING_EXEMPT.has(r.route) ? ' (exempt)' : ''} | ${r.ownScriptingRuns.join(' ')} | ${r.tbt} | ${r.tbtRuns.join(' ')} | ${r.controlTbt ?? ''} | ${(r.controlTbtRuns ?? []).join(' ')} | ${r.lcp} | ${spread(r.lcpRuns)} | ${r.controlLcp ?? ''} | ${spread(r.controlLcpRuns ?? [])} | ${r.controlLcp === undefined ? '' : signed(r.lcp - r.controlLcp)} | ${r.cls} | ${kb(r.frameworkBytes)} | ${kb(r.otherJsBytes)} | ${r.cssKb} | ${r.htmlBytes} | ${r.staticRoute ? 'yes' : 'no'} | ${misses(r).length ? `miss: ${misses(r).join(', ')}` : 'ok'} |`,
  ),
].join('\n');
const budgets = `Budgets: perf, a11y, best practices, SEO ${BUDGET.score}; the site's own scripting (Lighthouse bootup-time, own URLs and the document) median ≤ ${BUDGET.ownScriptingMs} ms on mobile, except ${[...OWN_SCRIPTING_EXEMPT].join(', ')}; TBT reported beside its no-script control, no budget; mobile LCP median ≤ no-script LCP median + ${BUDGET.lcpOverControlMs} ms; CLS ≤ ${BUDGET.cls}; framework JS ${BUDGET.staticFrameworkBytes} bytes on static routes; HTML ≤ ${BUDGET.htmlBytes} bytes brotli (the first round trip).`;
console.log(`\n${table}\n\n${budgets}\n`);
writeFileSync(join(outDir, 'summary.md'), `${table}\n\n${budgets}\n`);
const failed = rows.filter((r) => misses(r).length);
console.log(resultLine(failed.length, rows.length));
process.exit(failed.length ? 1 : 0);
