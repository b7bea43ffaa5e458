/**
 * The one shared script of every page, inlined into it: header menus, the FAQ accordion, the comparison-row
 * disclosures, the not-found screen's wait for its picture, the preview gate, the styles a large page links after
 * its first paint, the visit's attribution (./visit.ts) and the page view's beacon (./beacon.ts). It has no framework dependency, so
 * it runs on pages React never hydrates. The gate goes first: the page it may show is what the islands loader then
 * looks at. On a page with islands it asks for the islands loader (once the page has painted, or, where every
 * island waits for the visitor, on their first intent towards one) and catches what the visitor does to the islands
 * until the loader is here.
 *
 * The build bundles it once per set of parts a page uses (scripts/lib/page-scripts.ts) and leaves the others out;
 * the dev server runs every part.
 */
import { catchEarly } from '../islands/early.ts';
import { ISLAND_ATTRIBUTE } from './markup.ts';
import { openPreviewGate } from './gate.ts';
import { awaitNotFoundImage } from './not-found.ts';
import { countView } from './beacon.ts';
import { initShell } from './shell.ts';
import { linkLaterStyles } from './later-styles.ts';
import { islandsLoader, waitForIntent, whenSeen } from './start-islands.ts';
import { afterFirstPaint } from '../lib/after-paint.ts';
import { recordVisit } from './visit.ts';
import { hasFlash } from '../forms/flash.ts';
import { startBlockScripts } from './block-scripts.ts';
import { PAGE_BLOCK_SCRIPTS } from './page-block-scripts.ts';

const withGate = typeof SITEWRIGHT_SHELL_GATE !== 'boolean' || SITEWRIGHT_SHELL_GATE;
const withNotFound = typeof SITEWRIGHT_SHELL_NOT_FOUND !== 'boolean' || SITEWRIGHT_SHELL_NOT_FOUND;
const withLaterStyles = typeof SITEWRIGHT_SHELL_LATER_STYLES !== 'boolean' || SITEWRIGHT_SHELL_LATER_STYLES;
// Every island of the page waits for the visitor (interaction, or a dialog) or to be seen: the islands loader comes
// on intent, or once such an island is on screen (withSeen).
const withIntent = typeof SITEWRIGHT_SHELL_INTENT === 'boolean' && SITEWRIGHT_SHELL_INTENT;
const withSeen = typeof SITEWRIGHT_SHELL_SEEN === 'boolean' && SITEWRIGHT_SHELL_SEEN;
// Only the build knows the page's blocks; the dev server starts every block's script as its blocks render.
const withBlockScripts = typeof SITEWRIGHT_SHELL_BLOCKS === 'boolean' && SITEWRIGHT_SHELL_BLOCKS;

// The build's shell runs only in a page; the guard is for anything else that imports this module.
if (typeof SITEWRIGHT_SHELL_GATE === 'boolean' || typeof document !== 'undefined') {
  const opened = withGate && openPreviewGate(document);
  initShell(document);
  // Before the early catcher, so a block script listening on the window's capture phase acts ahead of it.
  if (withBlockScripts) startBlockScripts(document, PAGE_BLOCK_SCRIPTS);
  // The build says which page this is; the dev server, which says nothing, counts from its own entry once it knows.
  // A page behind the gate counts only once opened (the locked screen is no page of the site), and then as itself.
  if (typeof SITEWRIGHT_SHELL_NOT_FOUND === 'boolean' && (!withGate || opened)) countView(withNotFound && !withGate);
  // When the page loads, not when the islands loader comes (on a page whose islands wait, it may never come).
  recordVisit();
  if (withNotFound) awaitNotFoundImage(document);
  if (withLaterStyles) linkLaterStyles(document);
  // The build knows a page has islands, unless it is behind the gate, whose locked screen has none.
  const islands = (typeof SITEWRIGHT_ISLANDS_LOADER === 'string' && !withGate) || document.querySelector(`[${ISLAND_ATTRIBUTE}]`);
  // A page whose islands start on their own is marked by the islands loader once the first of them are live; one
  // whose islands all wait for the visitor has nothing to wait for.
  if (!islands || withIntent) document.documentElement.dataset.hydrated = 'true';
  if (islands && typeof SITEWRIGHT_ISLANDS_LOADER === 'string') {
    catchEarly(document);
    const load = islandsLoader(window, SITEWRIGHT_ISLANDS_LOADER);
    if (!withIntent) afterFirstPaint(load);
    // A notice from the page before (a form's answer) is shown by the loader: it comes after the next frame (the
    // first paint) rather than on intent. Not afterFirstPaint: its bytes would be on every such page for it.
    else if (hasFlash()) requestAnimationFrame(() => setTimeout(load));
    else {
      waitForIntent(window, load);
      if (withSeen) whenSeen(document, load);
    }
  }
}
