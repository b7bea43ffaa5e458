// @vitest-environment node
/**
 * The shell is config: a copy of site.config/ with a header of three menus and two buttons, and other not-found
 * links, builds with no code change, and the prerendered header and the bundled config show them.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const outName = 'dist-shell-test';
const temp = mkdtempSync(join(tmpdir(), 'sitewright-shell-'));
afterAll(() => {
  rmSync(temp, { recursive: true, force: true });
  rmSync(join(root, outName), { recursive: true, force: true });
  rmSync(join(root, 'node_modules', `.sitewright-ssr-${outName}`), { recursive: true, force: true });
});

const menu = (id: string, label: string, links: [string, string][]) => ({
  id,
  label,
  links: links.map(([l, href]) => ({ label: l, href, description: `${l}.`, icon: 'star' })),
});

test('a header of three menus and two buttons, and other not-found links, build with no code change', { timeout: 180_000 }, async () => {
  const configDir = join(temp, 'site.config');
  cpSync(join(root, 'site.config'), configDir, { recursive: true });
  const site = JSON.parse(readFileSync(join(configDir, 'site.json'), 'utf8'));
  site.header = {
    items: [
      menu('owners', 'For owners', [
        ['Homes', '/owner'],
        ['Companies', '/enterprise'],
      ]),
      menu('builders', 'For builders', [
        ['Contractors', '/contractor'],
        ['Consultants', '/consultant'],
      ]),
      menu('plans', 'Plans', [['Premium', '/pricing/premium']]),
    ],
    secondary: [],
    actions: [
      { id: 'talk', label: 'Talk to us', href: '/contact', style: 'secondary' },
      { id: 'start', label: 'Start building', href: '@ownerSignup' },
    ],
  };
  site.notFound = {
    links: [
      { label: 'Read our policy', href: '/policy' },
      { label: 'Book a call', href: '/schedule-call' },
    ],
  };
  writeFileSync(join(configDir, 'site.json'), JSON.stringify(site, null, 2));
  // Pages that chose a variant of the old header show this one as it is.
  for (const f of readdirSync(join(configDir, 'pages'))) {
    const page = JSON.parse(readFileSync(join(configDir, 'pages', f), 'utf8'));
    if (!page.header) continue;
    delete page.header;
    writeFileSync(join(configDir, 'pages', f), JSON.stringify(page, null, 2));
  }

  await promisify(execFile)(process.execPath, ['--import', 'tsx', join(root, 'scripts/build.ts')], {
    cwd: root,
    env: { ...process.env, SITEWRIGHT_CONFIG_DIR: configDir, SITEWRIGHT_OUT_DIR: outName },
    maxBuffer: 1 << 26,
  });

  const home = readFileSync(join(root, outName, 'index.html'), 'utf8');
  const header = home.slice(home.indexOf('<header'), home.indexOf('</header>'));
  expect([...header.matchAll(/aria-controls="menu-(\w+)"/g)].map((m) => m[1])).toEqual(['owners', 'builders', 'plans']);
  expect(header).toContain('>Talk to us</a>');
  expect(header).toContain('>Start building</a>');
  expect(header).not.toContain('Refer-to-earn');
  const bundled = readdirSync(join(root, outName, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(root, outName, 'assets', f), 'utf8'))
    .join('\n');
  expect(bundled).toContain('Read our policy');
  expect(bundled).not.toContain('Private project owners');
});
