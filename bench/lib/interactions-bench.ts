/**
 * `npm run bench -- --interactions`: what a visitor on a mid-range phone feels when they first act. Each interaction
 * opens its route cold (a new browser context: empty cache) in Debian Chromium with Lighthouse's mobile throttling
 * applied through CDP, finds its control by role and label as a visitor would, and records for the first and a second
 * interaction (a) the input event's timeStamp to the requestAnimationFrame time of the first frame whose DOM shows the
 * outcome, checked every frame, and (b) Event Timing's duration for that interaction. The same interaction runs on the
 * build (dist/) and on a control build where every island hydrates at load (dist-control/), alternating, in one run.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Locator, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium.ts';
import { startServer } from '../../scripts/lib/serve-child.ts';
import { interactionFigures, MOBILE_THROTTLING, type InteractionRow, type InteractionRun } from './interactions.ts';

/** What the page checks each frame to know the outcome is on screen (see RECORDER). */
type OutcomeKind = 'text-changed' | 'visible' | 'hidden' | 'slide-changed' | 'value-changed' | 'text-shown' | 'dialog-shown' | 'dialog-hidden';

interface Outcome {
  kind: OutcomeKind;
  /** The element the check reads; the text and dialog checks read the whole page. */
  target?: Locator;
  /** For 'text-shown': the text that must be visible; for the dialog checks: the dialog's accessible name. */
  text?: string;
}

interface Step {
  /** Where the outcome shows; found after `before` ran. */
  outcome: (page: Page) => Outcome | Promise<Outcome>;
  /** What the visitor does: the measured input comes from here. */
  act: (page: Page, cdp: CDPSession) => Promise<void>;
}

interface Interaction {
  name: string;
  route: string;
  /** phone: 390 × 844 with touch; desktop: 1366 × 768; wide-touch: 1366 × 768 with touch (a touch laptop or tablet). */
  viewport: 'phone' | 'desktop' | 'wide-touch';
  /** The control brought into view before measuring, as a visitor scrolls to it and reads before acting. */
  inView: (page: Page) => Locator;
  /** Unmeasured steps before the first interaction (typing a login before its Enter). */
  before?: (page: Page) => Promise<void>;
  first: Step;
  second: Step;
}

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 };
const DESKTOP = { viewport: { width: 1366, height: 768 }, hasTouch: false, isMobile: false, deviceScaleFactor: 1 };
const WIDE_TOUCH = { ...DESKTOP, hasTouch: true };
const CONTEXTS = { phone: PHONE, desktop: DESKTOP, 'wide-touch': WIDE_TOUCH };

const card = (page: Page, name: string) => page.getByRole('article', { name });
const liveProjects = (page: Page) => page.getByRole('region', { name: 'Live Projects' });
// The innermost section around the slider: its visible text holds the cost and the fee.
const feeEstimator = (page: Page) => page.locator('section', { has: page.getByRole('slider', { name: 'Estimated project cost' }) }).last();
const slider = (page: Page) => page.getByRole('slider', { name: 'Estimated project cost' });
const header = (page: Page) => page.getByRole('banner');
const faqQuestion = (page: Page, n: number) => page.locator('#faq').getByRole('button').nth(n);
/** The element a disclosure or menu button controls, by its aria-controls. */
const controlled = async (button: Locator) => button.page().locator(`[id="${await button.getAttribute('aria-controls')}"]`);
const firstField = (page: Page) => page.locator('main form').first().getByRole('textbox').first();

/** A finger swipe of 300 px from the middle of an element leftwards, as CDP touch events (a touch screen's own input). */
async function swipe(page: Page, cdp: CDPSession, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  const view = page.viewportSize();
  if (!box || !view) throw new Error('nothing to swipe');
  // The middle of the part on screen: a slide can be taller than what the viewport shows of it.
  const top = Math.max(box.y, 0);
  const y = (top + Math.min(box.y + box.height, view.height)) / 2;
  const from = box.x + box.width / 2;
  const to = from - 300;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let i = 1; i <= 6; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from + ((to - from) * i) / 6, y }] });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** A drag on the slider's track with a mouse: pressed a quarter along (the value jumps there), then moved on. */
async function drag(page: Page, fraction: number): Promise<void> {
  const box = await slider(page).boundingBox();
  if (!box) throw new Error('no slider');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * fraction, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * (fraction + 0.1), y, { steps: 4 });
  await page.mouse.up();
}

const FORM_ROUTES = ['/book-a-demo', '/enquiry', '/schedule-call'];

export const INTERACTIONS: Interaction[] = [
  {
    name: '"Annually - save 15%" (the new price)',
    route: '/pricing/enterprise',
    viewport: 'phone',
    inView: (page) => page.getByRole('radio', { name: 'Annually - save 15%' }),
    first: {
      outcome: (page) => ({ kind: 'text-changed', target: card(page, 'Basic') }),
      act: (page) => page.getByText('Annually - save 15%').tap(),
    },
    second: {
      outcome: (page) => ({ kind: 'text-changed', target: card(page, 'Basic') }),
      act: (page) => page.getByText('Monthly', { exact: true }).tap(),
    },
  },
  {
    name: 'user count changed (its price)',
    route: '/pricing/enterprise',
    viewport: 'phone',
    inView: (page) => page.getByRole('combobox', { name: 'Users on the Pro plan' }),
    first: {
      outcome: (page) => ({ kind: 'text-changed', target: card(page, 'Pro') }),
      // A phone's own picker cannot be driven: the select is focused and stepped by key, which changes it at once.
      act: async (page) => {
        await page.getByRole('combobox', { name: 'Users on the Pro plan' }).focus();
        await page.keyboard.press('ArrowDown');
      },
    },
    second: {
      outcome: (page) => ({ kind: 'text-changed', target: card(page, 'Pro') }),
      act: (page) => page.keyboard.press('ArrowDown'),
    },
  },
  {
    name: 'fee slider by ArrowRight (the new fee)',
    route: '/pricing/premium',
    viewport: 'phone',
    inView: slider,
    first: {
      outcome: (page) => ({ kind: 'text-changed', target: feeEstimator(page) }),
      act: async (page) => {
        await slider(page).focus();
        await page.keyboard.press('ArrowRight');
      },
    },
    second: {
      outcome: (page) => ({ kind: 'text-changed', target: feeEstimator(page) }),
      act: (page) => page.keyboard.press('ArrowRight'),
    },
  },
  {
    name: 'fee slider by drag (the new fee)',
    route: '/pricing/premium',
    viewport: 'phone',
    inView: slider,
    first: { outcome: (page) => ({ kind: 'text-changed', target: feeEstimator(page) }), act: (page) => drag(page, 0.25) },
    second: { outcome: (page) => ({ kind: 'text-changed', target: feeEstimator(page) }), act: (page) => drag(page, 0.6) },
  },
  {
    // At 390 px the projects are a list, not a carousel (no buttons, nothing to swipe): the carousel is measured wide.
    name: 'carousel "Next project" at 1366 px (next slide in view)',
    route: '/',
    viewport: 'desktop',
    inView: liveProjects,
    first: {
      outcome: (page) => ({ kind: 'slide-changed', target: liveProjects(page) }),
      act: (page) => liveProjects(page).getByRole('button', { name: 'Next project' }).click(),
    },
    second: {
      outcome: (page) => ({ kind: 'slide-changed', target: liveProjects(page) }),
      act: (page) => liveProjects(page).getByRole('button', { name: 'Next project' }).click(),
    },
  },
  {
    name: 'carousel swipe at 1366 px, touch (next slide in view)',
    route: '/',
    viewport: 'wide-touch',
    inView: liveProjects,
    first: {
      outcome: (page) => ({ kind: 'slide-changed', target: liveProjects(page) }),
      act: (page, cdp) => swipe(page, cdp, liveProjects(page)),
    },
    second: {
      outcome: (page) => ({ kind: 'slide-changed', target: liveProjects(page) }),
      act: (page, cdp) => swipe(page, cdp, liveProjects(page)),
    },
  },
  {
    name: 'hidden login typed + Enter (the error message)',
    route: '/admin-login',
    viewport: 'phone',
    inView: (page) => page.getByLabel('Email'),
    before: async (page) => {
      await page.getByLabel('Email').tap();
      await page.keyboard.type('visitor@example.com');
      await page.getByLabel('Password').tap();
      await page.keyboard.type('not-the-password');
    },
    first: { outcome: () => ({ kind: 'text-shown', text: 'email or password is wrong' }), act: (page) => page.keyboard.press('Enter') },
    // The message stays; the second interaction is the next key typed into the password (the character in the field).
    second: { outcome: (page) => ({ kind: 'value-changed', target: page.getByLabel('Password') }), act: (page) => page.keyboard.press('x') },
  },
  {
    name: 'mobile menu (open)',
    route: '/',
    viewport: 'phone',
    inView: (page) => header(page).getByRole('button', { name: 'Open menu' }),
    first: {
      outcome: (page) => ({ kind: 'visible', target: page.locator('#site-menu') }),
      act: (page) => header(page).getByRole('button', { name: 'Open menu' }).tap(),
    },
    second: {
      outcome: (page) => ({ kind: 'hidden', target: page.locator('#site-menu') }),
      act: (page) => header(page).getByRole('button', { name: 'Close menu' }).tap(),
    },
  },
  {
    name: 'header dropdown at 1366 px (open)',
    route: '/',
    viewport: 'desktop',
    inView: (page) => header(page).getByRole('button', { name: 'Solutions' }),
    first: {
      outcome: (page) => ({ kind: 'visible', target: page.locator('#menu-solutions') }),
      act: (page) => header(page).getByRole('button', { name: 'Solutions' }).click(),
    },
    second: {
      outcome: (page) => ({ kind: 'hidden', target: page.locator('#menu-solutions') }),
      act: (page) => header(page).getByRole('button', { name: 'Solutions' }).click(),
    },
  },
  {
    name: 'FAQ answer (shown)',
    route: '/',
    viewport: 'phone',
    inView: (page) => faqQuestion(page, 0),
    first: { outcome: async (page) => ({ kind: 'visible', target: await controlled(faqQuestion(page, 0)) }), act: (page) => faqQuestion(page, 0).tap() },
    second: { outcome: async (page) => ({ kind: 'visible', target: await controlled(faqQuestion(page, 1)) }), act: (page) => faqQuestion(page, 1).tap() },
  },
  {
    name: 'demo dialog (open)',
    route: '/enterprise',
    viewport: 'phone',
    inView: (page) => page.locator('main').getByRole('button', { name: 'Contact Sales' }),
    first: {
      outcome: () => ({ kind: 'dialog-shown', text: 'Book a demo' }),
      act: (page) => page.locator('main').getByRole('button', { name: 'Contact Sales' }).tap(),
    },
    second: {
      outcome: () => ({ kind: 'dialog-hidden', text: 'Book a demo' }),
      act: (page) => page.keyboard.press('Escape'),
    },
  },
  {
    name: 'video dialog (open)',
    route: '/referral',
    viewport: 'phone',
    inView: (page) => page.getByRole('button', { name: 'How our referral works' }),
    first: {
      outcome: () => ({ kind: 'dialog-shown', text: 'Referral Video' }),
      act: (page) => page.getByRole('button', { name: 'How our referral works' }).tap(),
    },
    second: {
      outcome: () => ({ kind: 'dialog-hidden', text: 'Referral Video' }),
      act: (page) => page.keyboard.press('Escape'),
    },
  },
  ...FORM_ROUTES.map((route): Interaction => ({
    name: `first key press in the form on ${route} (the character)`,
    route,
    viewport: 'phone',
    inView: firstField,
    // The tap that focuses the field is the visitor's first contact; the key follows at once, as fast as a bench can.
    before: (page) => firstField(page).tap(),
    first: { outcome: (page) => ({ kind: 'value-changed', target: firstField(page) }), act: (page) => page.keyboard.press('A') },
    second: { outcome: (page) => ({ kind: 'value-changed', target: firstField(page) }), act: (page) => page.keyboard.press('b') },
  })),
];

/**
 * Installed before any page script, so its capture listeners on window come first: the input's timeStamp is read
 * before the shell's deferral primitive can stop the event. Each frame checks the armed outcome; Event Timing entries
 * over 16 ms are kept with their interactionId.
 */
const RECORDER = `(() => {
  const bench = { armedAt: 0, start: null, outcomeAt: null, check: null, entries: [] };
  window.__bench = bench;
  for (const type of ['pointerdown', 'touchstart', 'mousedown', 'keydown']) {
    addEventListener(type, (e) => { if (bench.check && bench.start === null) bench.start = e.timeStamp; }, { capture: true, passive: true });
  }
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.interactionId) bench.entries.push({ id: e.interactionId, startTime: e.startTime, duration: e.duration }); })
      .observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {}
  const shown = (el) => !!el && el.isConnected && el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && el.getBoundingClientRect().height > 0;
  /** The slide in view: the one whose start is nearest the carousel's, so a move counts once past half a slide. */
  const slideInView = (region) => {
    const left = region.getBoundingClientRect().left;
    let best = -1, distance = Infinity;
    region.querySelectorAll('[aria-roledescription="slide"]').forEach((slide, i) => {
      const d = Math.abs(slide.getBoundingClientRect().left - left);
      if (d < distance - 1) { best = i; distance = d; }
    });
    return best;
  };
  const named = (el) => el.getAttribute('aria-label') || (el.getAttribute('aria-labelledby') || '').split(' ').map((id) => document.getElementById(id)?.textContent.trim() || '').join(' ').trim();
  /** Dialogs may not exist before they open (an island renders them): they are found by role and name each frame. */
  const dialogShown = (name) => [...document.querySelectorAll('dialog, [role="dialog"]')].some((d) => shown(d) && named(d) === name);
  bench.arm = (kind, el, text) => {
    let check;
    if (kind === 'text-changed') { const was = el.innerText; check = () => el.innerText !== was; }
    else if (kind === 'value-changed') { const was = el.value; check = () => el.value !== was; }
    else if (kind === 'visible') check = () => shown(el);
    else if (kind === 'hidden') check = () => !shown(el);
    else if (kind === 'slide-changed') { const was = slideInView(el); check = () => slideInView(el) !== was; }
    else if (kind === 'text-shown') check = () => document.body.innerText.includes(text);
    else if (kind === 'dialog-shown') check = () => dialogShown(text);
    else if (kind === 'dialog-hidden') check = () => !dialogShown(text);
    else throw new Error('unknown outcome ' + kind);
    if (check()) throw new Error('the outcome "' + kind + '" is on screen before the interaction');
    bench.start = null; bench.outcomeAt = null; bench.armedAt = performance.now(); bench.check = check;
    // The frame's time is read inside its rAF callback, where this frame's DOM is checked and before it is painted:
    // the callback's own argument is the frame's start, which can precede an event handled in the same frame.
    const tick = () => {
      if (bench.check !== check) return;
      if (bench.start !== null && check()) { bench.outcomeAt = performance.now(); bench.check = null; return; }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
})();`;

interface BenchWindow {
  __bench: {
    armedAt: number;
    start: number | null;
    outcomeAt: number | null;
    entries: { id: number; startTime: number; duration: number }[];
    arm: (kind: OutcomeKind, el: Element | null, text?: string) => void;
  };
}

/** Waits until no request has been in flight for `quietMs`: the page has done what it does on its own. */
async function networkQuiet(page: Page, quietMs = 500, limitMs = 20_000): Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  const up = () => {
    inFlight++;
    last = Date.now();
  };
  const down = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  const started = Date.now();
  while (Date.now() - started < limitMs && (inFlight > 0 || Date.now() - last < quietMs)) await page.waitForTimeout(50);
  page.off('request', up);
  page.off('requestfinished', down);
  page.off('requestfailed', down);
}

/** One measured interaction: arm the check, act, wait for the outcome, then for Event Timing's entries. */
async function measureStep(page: Page, cdp: CDPSession, step: Step): Promise<{ outcome: number; inp: number | null }> {
  const outcome = await step.outcome(page);
  const handle = outcome.target ? await outcome.target.elementHandle({ timeout: 10_000 }) : null;
  if (outcome.target && !handle) throw new Error(`no element for the outcome "${outcome.kind}"`);
  await page.evaluate(([kind, el, text]) => (window as unknown as BenchWindow).__bench.arm(kind, el, text), [outcome.kind, handle, outcome.text] as const);
  await step.act(page, cdp);
  await page
    .waitForFunction(() => (window as unknown as BenchWindow).__bench.outcomeAt !== null, undefined, { timeout: 30_000 })
    .catch(async () => {
      const seen = await page.evaluate(() => (window as unknown as BenchWindow).__bench.start !== null);
      throw new Error(`no "${outcome.kind}" outcome within 30 s (${seen ? 'the input was seen' : 'no input event was seen'})`);
    });
  // Chromium reports an interaction's entries after its next paint; a fast one (under 16 ms) is never reported.
  const read = () =>
    page.evaluate(() => {
      const b = (window as unknown as BenchWindow).__bench;
      const entries = b.entries.filter((e) => e.startTime >= b.armedAt);
      const id = entries[0]?.id;
      return {
        outcome: (b.outcomeAt ?? 0) - (b.start ?? 0),
        inp: id === undefined ? null : Math.max(...entries.filter((e) => e.id === id).map((e) => e.duration)),
      };
    });
  for (let i = 0; i < 10; i++) {
    const r = await read();
    if (r.inp !== null) {
      await page.waitForTimeout(100);
      return read();
    }
    await page.waitForTimeout(50);
  }
  return read();
}

/** One cold run of one interaction on one server: a new context (empty cache), throttled, both interactions. */
async function runOnce(browser: Browser, base: string, interaction: Interaction): Promise<InteractionRun> {
  const context: BrowserContext = await browser.newContext(CONTEXTS[interaction.viewport]);
  try {
    await context.addInitScript({ content: RECORDER });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_THROTTLING.cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE_THROTTLING.latencyMs,
      downloadThroughput: MOBILE_THROTTLING.downloadBytesPerSecond,
      uploadThroughput: MOBILE_THROTTLING.uploadBytesPerSecond,
    });
    await page.goto(base + interaction.route, { waitUntil: 'load', timeout: 60_000 });
    // Every island that starts without interaction is live (the control's at-load islands included).
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 60_000 });
    // Scrolled to without touching it, then the page settles, as a visitor reads before acting.
    await interaction.inView(page).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await networkQuiet(page);
    if (interaction.before) {
      await interaction.before(page);
    }
    const first = await measureStep(page, cdp, interaction.first).catch((e: unknown) => {
      throw new Error(`first: ${e instanceof Error ? e.message : String(e)}`);
    });
    await networkQuiet(page, 300);
    const second = await measureStep(page, cdp, interaction.second).catch((e: unknown) => {
      throw new Error(`second: ${e instanceof Error ? e.message : String(e)}`);
    });
    return { firstOutcome: first.outcome, firstInp: first.inp, secondOutcome: second.outcome, secondInp: second.inp };
  } finally {
    await context.close();
  }
}

export interface InteractionBenchOptions {
  root: string;
  runs: number;
  /** The build's server port; the control's is the next one. */
  port: number;
  build: boolean;
  /** Only the interactions whose name contains one of these (all when empty). */
  only?: string[];
  log?: (line: string) => void;
}

/** Builds the site into dist/ and the control (every island at load) into dist-control/. */
export function buildBoth(root: string): void {
  for (const [out, env] of [
    ['dist', {}],
    ['dist-control', { SITEWRIGHT_HYDRATE_AT_LOAD: '1' }],
  ] as const) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/build.ts')], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, SITEWRIGHT_OUT_DIR: out, ...env },
    });
    if (r.status !== 0) throw new Error(`the build into ${out}/ failed`);
  }
}

export async function benchInteractions(options: InteractionBenchOptions): Promise<InteractionRow[]> {
  const log = options.log ?? ((line: string) => console.error(line));
  if (options.build) buildBoth(options.root);
  const interactions = INTERACTIONS.filter((i) => !options.only?.length || options.only.some((o) => i.name.includes(o)));
  const site = await startServer(options.root, options.port, { dist: 'dist' });
  const control = await startServer(options.root, options.port + 1, { dist: 'dist-control' });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const results = new Map(
    interactions.map((i) => [
      i.name,
      { build: [] as InteractionRun[], control: [] as InteractionRun[], failures: { build: 0, control: 0 } as InteractionRow['failures'] },
    ]),
  );
  try {
    for (let run = 0; run < options.runs; run++) {
      for (const interaction of interactions) {
        const entry = results.get(interaction.name)!;
        // Build and control alternate which goes first, so a busy moment of the machine falls on both alike.
        const order = run % 2 === 0 ? (['build', 'control'] as const) : (['control', 'build'] as const);
        for (const which of order) {
          try {
            const r = await runOnce(browser, which === 'build' ? site.url : control.url, interaction);
            entry[which].push(r);
            log(`${run + 1}/${options.runs} ${which.padEnd(7)} ${interaction.name}: ${r.firstOutcome.toFixed(0)} / ${r.secondOutcome.toFixed(0)} ms`);
          } catch (e) {
            entry.failures[which]++;
            const reason = (e instanceof Error ? e.message : String(e)).split('\n')[0];
            entry.failures.reason ??= `${which}: ${reason}`;
            log(`${run + 1}/${options.runs} ${which.padEnd(7)} ${interaction.name}: failed: ${reason}`);
          }
        }
      }
    }
  } finally {
    await browser.close();
    await site.stop();
    await control.stop();
  }
  return interactions.map((i) => {
    const entry = results.get(i.name)!;
    return { name: i.name, build: interactionFigures(entry.build), control: interactionFigures(entry.control), failures: entry.failures };
  });
}
