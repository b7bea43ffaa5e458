import { axeFor } from './axe.ts';
import { test, expect, hydrated } from './fixtures.ts';
import { loadProject } from '../../scripts/lib/project.ts';

const { project } = loadProject(process.cwd(), {});
if (!project) throw new Error('site.config/ does not validate: run npm run validate');
// Parameter routes leave the site at once (referral redirect); they are covered by their own tests.
const routes = project.pages.map((p) => p.config.route).filter((r) => !r.includes(':'));
const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
];

for (const vp of viewports) {
  test.describe(`axe at ${vp.width}px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });
    for (const route of [...routes, '/no-such-page']) {
      test(`${route} has no WCAG 2.2 AA violations`, async ({ page }) => {
        // The scheduler step sends visitors without waitlist details back to the form; scan the step itself.
        await page.addInitScript(() =>
          sessionStorage.setItem(
            'sitewright:store:schedule',
            JSON.stringify({ firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', phoneNumber: '15551234567' }),
          ),
        );
        await page.goto(route);
        await hydrated(page);
        // Let the not-found image and late widgets settle before scanning.
        await page.waitForLoadState('networkidle');
        const results = await axeFor(page)
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
          .options({ rules: { 'target-size': { enabled: true } } })
          .analyze();
        const summary = results.violations.map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join('\n    ')}`,
        );
        expect(summary, summary.join('\n')).toEqual([]);
      });
    }
  });
}

test('every page has exactly one h1, a lang, a unique title and description', async ({ request }) => {
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const route of routes) {
    const html = await (await request.get(route)).text();
    expect(html, route).toMatch(/<html lang="en">/);
    expect(html.match(/<h1[\s>]/g)?.length ?? 0, `${route} h1 count`).toBe(1);
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(titles.get(title), `${route} repeats the title of ${titles.get(title)}`).toBeUndefined();
    expect(descriptions.get(description), `${route} repeats the description of ${descriptions.get(description)}`).toBeUndefined();
    titles.set(title, route);
    descriptions.set(description, route);
    expect(html).toContain('<link rel="canonical"');
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<meta name="twitter:card"');
  }
});

test('every external link opens safely', async ({ request }) => {
  for (const route of routes) {
    const html = await (await request.get(route)).text();
    for (const m of html.matchAll(/<a [^>]*href="https?:[^"]*"[^>]*>/g)) {
      expect(m[0], `${route}: ${m[0]}`).toMatch(/rel="noopener noreferrer"/);
    }
    expect(html, `${route} has an inline event handler`).not.toMatch(/\son[a-z]+="/);
  }
});
