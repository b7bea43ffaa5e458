/**
 * npx tsx bench/authoring-screenshots.ts
 * Walks through docs/authoring.md on a copy of site.config/ with the real dev server and Chromium, and saves the
 * guide's screenshots to docs/images/authoring/. The real content is never changed. Re-run it when the look changes.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { newPage } from '../scripts/lib/scaffold.ts';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'docs/images/authoring');
const port = Number(process.env.PORT ?? 5488);
const base = `http://127.0.0.1:${port}`;

const configDir = mkdtempSync(join(tmpdir(), 'sitewright-guide-'));
cpSync(join(root, 'site.config'), configDir, { recursive: true });
process.env.SITEWRIGHT_CONFIG_DIR = configDir;
mkdirSync(out, { recursive: true });

const json = (rel: string) => JSON.parse(readFileSync(join(configDir, rel), 'utf8'));
const save = (rel: string, v: unknown) => writeFileSync(join(configDir, rel), `${JSON.stringify(v, null, 2)}\n`);

const { createServer } = await import('vite');
const server = await createServer({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', server: { port, strictPort: true, host: '127.0.0.1' } });
await server.listen();
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
// Offline, like the tests: third-party widgets show their fallbacks.
await page.route(
  (url) => url.host !== `127.0.0.1:${port}`,
  (route) => route.abort('internetdisconnected'),
);

async function open(path: string) {
  await page.goto(`${base}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.waitForTimeout(800);
}

/** Saves a file and waits for the dev server's reload to show `text`. */
async function saveAndSee(rel: string, v: unknown, p: Page, text: string) {
  save(rel, v);
  await p.getByText(text).first().waitFor({ timeout: 20_000 });
  await p.waitForTimeout(800);
}

const shot = (name: string) => join(out, name);

/** After a save made while another page is open, let its reload happen before navigating, or the two race. */
async function settle() {
  await page.waitForTimeout(2500);
}

try {
  // Warm-up: Vite optimises dependencies on the first visit and may reload once.
  await open('/');
  await page.waitForTimeout(2000);

  // 1. The catalogue.
  await open('/_catalogue');
  await page.screenshot({ path: shot('catalogue.png') });

  // 2. Add a page.
  const made = newPage({
    root,
    configDir,
    route: '/partners',
    from: 'owner',
    title: 'Partners',
    description: 'Resellers, lenders and suppliers: partner with BuildPad.',
  });
  if (!made.ok) throw new Error(made.lines.join('\n'));
  const partners = json('pages/partners.json');
  partners.blocks[0].eyebrow = 'Partners';
  partners.blocks[0].heading = 'Grow with BuildPad';
  partners.blocks[0].intro = 'Resellers, lenders and suppliers reach thousands of project owners building across Africa.';
  save('pages/partners.json', partners);
  await settle();
  await open('/partners');
  await page.screenshot({ path: shot('new-page.png') });

  // 3. Add a block (a ctaBanner copied from docs/blocks.md) at the end of the page.
  const cta = JSON.parse(readFileSync(join(root, 'blocks/CtaBanner/example.json'), 'utf8'));
  cta.id = 'become-a-partner';
  cta.eyebrow = 'Partner programme';
  cta.heading = 'Become a BuildPad partner';
  cta.intro = 'Tell us about your company and we will get back to you within two working days.';
  cta.actions = [{ label: 'Contact us', href: '/contact' }];
  partners.blocks.push(cta);
  await saveAndSee('pages/partners.json', partners, page, 'Become a BuildPad partner');
  await page.locator('#become-a-partner').screenshot({ path: shot('add-block.png') });

  // 4. Change navigation: a Solutions entry for the new page.
  const site = json('site.json');
  site.header.items
    .find((i: { id: string }) => i.id === 'solutions')
    .links.push({ label: 'Partners', href: '/partners', description: 'Resell, lend or supply with BuildPad.', icon: 'users', iconColor: 'green' });
  save('site.json', site);
  await settle();
  await open('/partners');
  await page.getByRole('button', { name: 'Solutions' }).first().click();
  await page
    .getByRole('link', { name: /Partners/ })
    .first()
    .waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: shot('navigation.png'), clip: { x: 0, y: 0, width: 1280, height: 620 } });
  await page.keyboard.press('Escape');

  // 5. Add a FAQ: a new question set, shown by a faq block on the page.
  save('faqs/partners.json', {
    $schema: '../../schemas/faq-set.schema.json',
    items: [
      {
        question: 'Who can become a partner?',
        answer: 'Banks and lenders, building-material suppliers, and agencies that help people build in Africa from abroad.',
      },
      { question: 'Does it cost anything to join?', answer: 'No. There is no fee to join the partner programme.' },
    ],
  });
  partners.blocks.splice(1, 0, {
    type: 'faq',
    id: 'partner-faq',
    heading: 'Partner questions',
    set: 'partners',
    askLink: { label: 'Ask a Question', href: '/contact' },
  });
  await saveAndSee('pages/partners.json', partners, page, 'Partner questions');
  await page.getByRole('button', { name: 'Who can become a partner?' }).click();
  await page.waitForTimeout(400);
  await page.locator('#partner-faq').screenshot({ path: shot('faq.png') });

  // 6. Add a form field: "Company" on the contact form.
  const contact = json('forms/contact.json');
  contact.schema.properties = Object.fromEntries(
    Object.entries(contact.schema.properties as Record<string, unknown>).flatMap(([k, v]) =>
      k === 'email'
        ? [
            [k, v],
            [
              'company',
              { type: 'string', title: 'Company (optional)', maxLength: 200, messages: { maxLength: 'Please keep the company name under 200 characters.' } },
            ],
          ]
        : [[k, v]],
    ),
  );
  contact.uiSchema.company = { 'ui:autocomplete': 'organization' };
  contact.submit.payload.company = 'company';
  save('forms/contact.json', contact);
  await settle();
  await open('/contact');
  const form = page.locator('form').first();
  await form.scrollIntoViewIfNeeded();
  const box = await form.boundingBox();
  if (!box) throw new Error('no contact form on /contact');
  await page.screenshot({
    path: shot('form-field.png'),
    clip: { x: Math.max(0, box.x - 32), y: Math.max(0, box.y - 32), width: box.width + 64, height: box.height + 64 },
  });

  // 7. A mistake while the dev server runs: the overlay explains it.
  const broken = readFileSync(join(configDir, 'pages/partners.json'), 'utf8').replace('"type": "hero"', '"type": "heroo"');
  await open('/partners');
  writeFileSync(join(configDir, 'pages/partners.json'), broken);
  await page.locator('vite-error-overlay').waitFor();
  await page.waitForTimeout(600);
  await page.screenshot({ path: shot('overlay.png') });
  console.log(
    `wrote ${['catalogue', 'new-page', 'add-block', 'navigation', 'faq', 'form-field', 'overlay'].map((n) => `docs/images/authoring/${n}.png`).join(', ')}`,
  );
} finally {
  await browser.close();
  await server.close();
  rmSync(configDir, { recursive: true, force: true });
}
