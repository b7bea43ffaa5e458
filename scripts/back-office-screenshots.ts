/**
 * Pictures of the leads inbox for docs/back-office.md, at a phone's width (390 px) and a laptop's (1366 px), and an
 * axe check of each screen while it is open. The back office runs on an in-memory database of made-up leads, signed
 * in as a sales person, so the pictures never show a real lead. Run: npx tsx scripts/back-office-screenshots.ts
 */
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from 'playwright-core';
import { createBackOffice } from '../server/admin/app.ts';
import { signedInCookie } from '../server/admin/testing.ts';
import { openDatabase } from '../server/db.ts';
import { loadLeadForms } from '../server/forms.ts';
import { migrate } from '../server/migrate.ts';
import { chromiumLaunchOptions } from './lib/chromium.ts';

const OUT = fileURLToPath(new URL('../docs/images/back-office/', import.meta.url));
const PORT = Number(process.env.BACK_OFFICE_SHOTS_PORT ?? 4433);
const MAX_BYTES = 200 * 1024;

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

const { cookie } = await signedInCookie(db, 'sales');
await db.query(`UPDATE staff SET name = 'Sam Rivera'`);
const app = createBackOffice({ db, hashSecret: 'screenshots', forms: loadLeadForms(), notificationsOn: true });
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
} finally {
  await browser.close();
  server.close();
  await db.close();
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
} else console.log('axe: 0 violations on the inbox, a lead, spam and erase at 1366 and 390 px');
