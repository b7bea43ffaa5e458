/**
 * Pictures of the leads inbox and Stats for docs/back-office.md, at a phone's width (390 px) and a laptop's (1366 px),
 * and an axe check of each screen while it is open. The back office runs on an in-memory database of made-up leads
 * and visit counts, signed in as a sales person, so the pictures never show a real lead. Then publishing, signed in as an owner, on a working
 * copy of this repository in a temporary folder (no remote, nothing pushed): the conflict window (a colleague
 * published the same heading meanwhile), the editor after publishing, and the history.
 * Run after `npm run build` (the editor's production build): npx tsx bench/back-office-screenshots.ts
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createBackOffice } from '../server/admin/app.ts';
import { addStaff, signedInCookie } from '../server/admin/testing.ts';
import { startPublishing } from '../server/publish/index.ts';
import type { Publishing } from '../server/publish/types.ts';
import { openDatabase } from '../server/db.ts';
import { loadLeadForms } from '../server/forms.ts';
import { migrate } from '../server/migrate.ts';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.ts';

const OUT = fileURLToPath(new URL('../docs/images/back-office/', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BACK_OFFICE_SHOTS_PORT ?? 4433);
const MAX_BYTES = 200 * 1024;
// The editor's pictures hold a rendered page in its preview: more detail than the back office's own screens.
const EDITOR_MAX_BYTES = 320 * 1024;

const PEOPLE: [string, string, string][] = [
  ['Amara', 'Okafor', 'contact'],
  ['Liam', 'Chen', 'demo-lead'],
  ['Sofia', 'García', 'waitlist'],
  ['Noah', 'Tremblay', 'contact'],
  ['Priya', 'Raman', 'enquiry'],
  ['Jonas', 'Berg', 'demo-lead'],
  ['Chloé', 'Martin', 'contact'],
  ['Kwame', 'Mensah', 'waitlist'],
  ['Hannah', 'Schmidt', 'contact'],
  ['Mateo', 'Rossi', 'demo-lead'],
  ['Yuki', 'Tanaka', 'contact'],
  ['Olivia', 'Brown', 'waitlist'],
];

function payloadFor(form: string, first: string, last: string, i: number): Record<string, unknown> {
  const email = `${first
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '')}.${last
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '')}@example.com`;
  switch (form) {
    case 'demo-lead':
      return { firstName: first, lastName: last, email, businessName: `${last} Builders`, phone: `+1 306 555 01${String(i).padStart(2, '0')}` };
    case 'waitlist':
      return { firstName: first, lastName: last, email, phoneNumber: '13065550100', residentCountry: 'Canada', buildCountry: 'Canada', purpose: 'New Build' };
    case 'enquiry':
      return { firstname: first, lastname: last, email, message: 'Do you build timber-frame houses outside the city?' };
    default:
      return { firstName: first, lastName: last, email, description: 'We are planning a two-storey extension in spring and would like a quote.' };
  }
}

const db = await openDatabase({});
await migrate(db);
const now = Date.now();
let i = 0;
for (const [first, last, form] of PEOPLE) {
  const status = i === 3 || i === 6 || i > 8 ? 'handled' : 'new';
  await db.query(
    `INSERT INTO leads (form_id, payload, client_hash, received_at, status, page_path, landing_path, referrer_host, utm_source, utm_medium, utm_campaign)
     VALUES ($1, $2::jsonb, 'h', $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      form,
      JSON.stringify(payloadFor(form, first, last, i)),
      new Date(now - (i * 5 + 1) * 3_600_000),
      status,
      form === 'contact' ? '/contact' : form === 'demo-lead' ? '/book-a-demo' : '/',
      i % 2 ? '/pricing' : '/',
      i % 3 === 2 ? 'www.google.com' : null,
      i % 3 === 0 ? 'newsletter' : null,
      i % 3 === 0 ? 'email' : null,
      i % 3 === 0 ? 'spring-extensions' : null,
    ],
  );
  i++;
}
await db.query(
  `INSERT INTO leads (form_id, payload, client_hash, received_at, status, spam_reason) VALUES ('contact', $1::jsonb, 'h', $2, 'spam', 'The hidden field was filled in')`,
  [
    JSON.stringify({ firstName: 'Best', lastName: 'Prices', email: 'seo-offers@example.net', description: 'Cheap backlinks, 10,000 visitors a day!' }),
    new Date(now - 7_200_000),
  ],
);
const first = (await db.query<{ id: string }>(`SELECT id FROM leads WHERE payload->>'lastName' = 'Okafor'`)).rows[0].id;
await db.query(`INSERT INTO lead_events (lead_id, actor, kind, detail, at) VALUES ($1, NULL, 'notified', $2::jsonb, $3)`, [
  first,
  JSON.stringify({ recipient: 'sales@buildpad.example' }),
  new Date(now - 3_500_000),
]);
await db.query(
  `INSERT INTO lead_notes (lead_id, author, body, created_at) VALUES ($1, 'Sam Rivera', 'Called back: site visit booked for Tuesday 10:00.', $2)`,
  [first, new Date(now - 1_800_000)],
);

// A week of made-up visit counts for Stats, ending today (UTC), as the counting would have stored them.
for (let d = 0; d < 7; d++) {
  const day = new Date(now - d * 86_400_000).toISOString().slice(0, 10);
  const wave = [0, 36, 60, 20, 76, 50, 10][d];
  await db.query('INSERT INTO stats_days (day, views, visitors) VALUES ($1, $2, $3)', [day, 240 + wave * 2, 95 + wave]);
  await db.query(
    `INSERT INTO stats_pages (day, path, source, campaign, views, visitors, entries) VALUES
       ($1, '/', '', '', $2, $3, $4), ($1, '/owner', 'newsletter', 'spring-extensions', 70, 30, 28),
       ($1, '/vendor', 'www.google.com', '', 45, 22, 20), ($1, '/contact', '', '', 30, 18, 2), ($1, '(not found)', '', '', 6, 5, 3)`,
    [day, 80 + wave, 40 + wave / 2, 35 + wave / 2],
  );
  await db.query(
    `INSERT INTO stats_forms (day, form, landing, source, campaign, starts, leads) VALUES
       ($1, 'contact', '/owner', 'newsletter', 'spring-extensions', 4, 2), ($1, 'contact', '/', '', '', 3, 1),
       ($1, 'demo-lead', '/vendor', 'www.google.com', '', 2, 1), ($1, 'waitlist', '', '', '', 1, 0)`,
    [day],
  );
}

const { cookie } = await signedInCookie(db, 'sales');
await db.query(`UPDATE staff SET name = 'Sam Rivera'`);
// Publishing: an owner who edits in the browser, and a colleague whose publish comes first.
const owner = await signedInCookie(db, 'owner');
await db.query(`UPDATE staff SET name = 'Alex Morgan', email = 'alex.morgan@buildpad.example' WHERE id = $1`, [owner.staff.id]);
const colleague = await addStaff(db, 'editor', 'priya.raman@buildpad.example', 'Priya Raman');
const siteDir = mkdtempSync(join(tmpdir(), 'sitewright-shots-site-'));
const publishing = await startPublishing({ db, root: ROOT, dataDir: siteDir, env: { ...process.env, SITEWRIGHT_GIT_REMOTE: '' } });
const app = createBackOffice({ db, hashSecret: 'screenshots', forms: loadLeadForms(), notificationsOn: true, publishing });
const server = serve({ fetch: app.fetch, port: PORT, hostname: '127.0.0.1' });
const base = `http://127.0.0.1:${PORT}`;

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
const problems: string[] = [];
try {
  const [name, value] = cookie.split('=');
  const screens: [string, string][] = [
    ['inbox', '/admin/leads'],
    ['lead', `/admin/leads/${first}`],
    ['spam', '/admin/leads?status=spam'],
    ['erase', '/admin/leads/erase'],
    ['stats', '/admin/stats'],
  ];
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ]) {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    await context.addCookies([{ name, value, url: base }]);
    const page = await context.newPage();
    for (const [screen, path] of screens) {
      const r = await page.goto(`${base}${path}`);
      if (r?.status() !== 200) problems.push(`${path} answered ${r?.status()}`);
      const axe = await new AxeBuilder({ page }).analyze();
      for (const v of axe.violations) problems.push(`${screen} at ${width} px: ${v.id} (${v.nodes.length}) ${v.help}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      if (overflow) problems.push(`${screen} at ${width} px scrolls sideways`);
      const shots: [string, string | undefined][] =
        screen === 'lead'
          ? [['lead', undefined]]
          : screen !== 'inbox'
            ? []
            : width > 600
              ? [['inbox', undefined]]
              : [
                  ['filters', undefined],
                  ['inbox', '.summary'],
                ];
      // Stats on a phone: the picture starts at the line saying which days it shows, below the range form.
      if (screen === 'stats') shots.push(['stats', width > 600 ? undefined : '.showing']);
      for (const [shot, scrollTo] of shots) {
        // On a phone the filters fill the first screen: the list's picture starts at the line above the cards.
        if (scrollTo) await page.locator(scrollTo).evaluate((e) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 8));
        const file = join(OUT, `${shot}-${width}.png`);
        await page.screenshot({ path: file });
        const bytes = statSync(file).size;
        if (bytes > MAX_BYTES) problems.push(`${file} is ${Math.round(bytes / 1024)} KB, over 200 KB`);
        console.log(`wrote ${file} (${Math.round(bytes / 1024)} KB)`);
      }
    }
    await context.close();
  }
  await publishingShots(browser, publishing, owner.cookie);
} finally {
  await browser.close();
  server.close();
  await publishing.publisher.close();
  await db.close();
  rmSync(siteDir, { recursive: true, force: true });
}
/** Writes a picture of `page` (or of `part`, a CSS selector) and notes it if it is over the size limit. */
async function shot(page: Page, name: string, part?: string) {
  const file = join(OUT, `${name}.png`);
  if (part) await page.locator(part).screenshot({ path: file });
  else await page.screenshot({ path: file });
  const bytes = statSync(file).size;
  const limit = new URL(page.url()).pathname.startsWith('/admin/pages') ? EDITOR_MAX_BYTES : MAX_BYTES;
  if (bytes > limit) problems.push(`${file} is ${Math.round(bytes / 1024)} KB, over ${limit / 1024} KB`);
  console.log(`wrote ${file} (${Math.round(bytes / 1024)} KB)`);
}

/** axe on the open screen; the editor's preview frame shows the site's blocks, which the site's own checks cover. */
async function axeCheck(page: Page, screen: string, exclude?: string) {
  const builder = new AxeBuilder({ page });
  if (exclude) builder.exclude(exclude);
  for (const v of (await builder.analyze()).violations) problems.push(`${screen}: ${v.id} (${v.nodes.length}) ${v.help}`);
}

/**
 * The owner changes the owner page's hero heading in their draft; meanwhile the colleague publishes another heading
 * for it (written into their draft folder and published as the back office would), so the owner's Publish asks which
 * to keep. Then the editor once published, and the history at both widths.
 */
async function publishingShots(browser: Browser, site: Publishing, ownerCookie: string) {
  const [name, value] = ownerCookie.split('=');
  const wait = { timeout: 300_000 };
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1 });
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  const openOwnerHero = async () => {
    await page.getByRole('navigation', { name: 'Pages and shared content' }).waitFor(wait);
    await page.getByRole('button', { name: /Private Project Owners \/owner/ }).click();
    await page
      .getByRole('listbox', { name: 'Sections' })
      .getByRole('option', { name: /Section 1: Hero/ })
      .click();
  };
  await page.goto(`${base}/admin/pages`);
  await openOwnerHero();
  await page
    .locator('#sw-fields')
    .getByRole('textbox', { name: /^Heading\*?$/ })
    .fill('Build your home from anywhere, on time and on budget');
  await page.getByText('Draft saved', { exact: true }).waitFor(wait);

  const theirs = await site.publisher.draft(colleague.id);
  const file = join(theirs.configDir, 'pages/owner.json');
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { blocks: { heading?: string }[] };
  doc.blocks[0].heading = 'Build your dream home remotely, with a project manager on call';
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  const published = await site.publisher.publish(colleague.id, { name: colleague.name, email: colleague.email });
  if (!published.ok) throw new Error(`the colleague's publish did not go through: ${published.message}`);

  await page.reload();
  await openOwnerHero();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Someone else changed the same thing' });
  await dialog.waitFor(wait);
  await axeCheck(page, 'the conflict window at 1366 px', 'iframe');
  await shot(page, 'conflict-1366');
  await dialog.getByRole('radio', { name: /^Keep yours: / }).check();
  await dialog.getByRole('button', { name: 'Publish with these choices' }).click();
  await page.getByText(/^Published: /).waitFor(wait);
  await axeCheck(page, 'the editor after publishing at 1366 px', 'iframe');
  await shot(page, 'publish-1366');

  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await page.goto(`${base}/admin/history`);
    await axeCheck(page, `history at ${width} px`);
    if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)) problems.push(`history at ${width} px scrolls sideways`);
    await shot(page, `history-${width}`);
  }
  await context.close();
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
} else
  console.log(
    'axe: 0 violations on the inbox, a lead, spam, erase and Stats at 1366 and 390 px, and on the conflict window, the editor after publishing and the history',
  );
