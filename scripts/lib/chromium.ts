import { existsSync } from 'node:fs';

/**
 * Debian's Chromium as every tool here starts it. The networking flags keep it from trying hosts a closed
 * network refuses (updates, sync, QUIC), which would otherwise flood the machine with failed connections.
 * The benches, audits and screenshots run the full browser, as visitors do.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The end-to-end suites' browser: Debian's headless build of the same Chromium (package chromium-headless-shell,
 * built from the same source and version), the engine Playwright itself runs headless tests in. The full browser's
 * headless mode sets up a browser window and its per-profile services for every test's new context, which cost
 * about three times the CPU per test on this 2-core machine. Where it is not installed, the full browser runs them.
 * CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const E2E_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Playwright's launch options for it. */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/**
 * For the end-to-end suites: every host but the loopback servers (127.0.0.1, localhost) fails to resolve, as on a
 * machine with no network, so nothing reaches the internet. Done by the browser's resolver rather than by routing
 * each request through the test process, which costs a round trip per request and turns the browser's HTTP cache off.
 */
export const offlineLaunchOptions = {
  executablePath: E2E_CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost'],
};

/**
 * Traces are recorded on a test's retry only (CI retries a failed test once): recording every test's steps and DOM
 * snapshots to keep the few that fail costs the suites a sixth of their CPU. `--trace on` records one locally.
 */
export const E2E_TRACE = 'on-first-retry' as const;
