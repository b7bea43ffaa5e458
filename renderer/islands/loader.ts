/**
 * The islands loader: the one script a page with interactive blocks adds to the shared shell script. It finds the
 * islands the prerenderer marked, defers each until its trigger (./defer.ts), and only then fetches React and the
 * block's code and hydrates it on its own. A page without islands never carries this, nor any framework code.
 *
 * The shell script asks for it once the page has painted, so it never competes with the first paint (or, where
 * every island waits for the visitor, on their first intent towards one), and catches
 * what the visitor does to islands until it is here (./early.ts). It reaches the island runtime by the address
 * the build wrote in.
 */
import { ChunkCache, resetAllChunkCaches } from '../lib/chunk-cache.ts';
import { openDialog, setDialogFailed, setDialogWaker } from '../lib/dialogs.ts';
import { isChunkLoadError, loadChunk } from '../lib/with-timeout.ts';
import { BLOCK_ATTR } from '../shell/markup.ts';
import { DIALOG_ATTRIBUTE, HYDRATE_ATTRIBUTE, ISLAND_ATTRIBUTE, MEDIA_ATTRIBUTE } from './contract.ts';
import { defer, triggerOf, type Deferred } from './defer.ts';
import { BUTTON_LINKS, dialogAskedBy, islandDialog, takeEarlyDialogs } from './early.ts';
import { fetchWhole, lazyFiles } from '../lib/fetch-whole.ts';
import { linkInlinedStyles } from './inlined-styles.ts';
import { hasFlash } from '../forms/flash.ts';
import type { BlockRegistry } from '../lib/blocks.ts';

type Runtime = Pick<typeof import('./runtime.tsx'), 'showFlash'> & { hydrateIsland: (el: HTMLElement) => Promise<void> };

/** Asks for the runtime's own imports alongside it rather than one after the other. */
function preloadModule(href: string): void {
  if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.append(link);
}

// Before the runtime is asked for: its chunk loader reads the page's links once, when first called.
linkInlinedStyles(document);

const address = SITEWRIGHT_ISLAND_RUNTIME;
// For the code it loads: the files of what that code imports lazily, fetched whole before it does (ChunkCache).
Object.assign(lazyFiles(), address.lazy);
// The runtime renders whatever blocks it is given: the build names the site's registry beside it.
const runtime = new ChunkCache(async (): Promise<Runtime> => {
  await fetchWhole([address.url, address.registry, ...address.preload]);
  address.preload.forEach(preloadModule);
  const [code, { blockRegistry }] = await Promise.all([
    import(/* @vite-ignore */ address.url) as Promise<typeof import('./runtime.tsx')>,
    import(/* @vite-ignore */ address.registry) as Promise<{ blockRegistry: BlockRegistry }>,
  ]);
  return { showFlash: code.showFlash, hydrateIsland: (el) => code.hydrateIsland(el, blockRegistry) };
});

/**
 * Says that a part of the page did not come alive, where it is, with a "Try again". Plain DOM: React may be the
 * very chunk that failed. The prerendered markup stays as it is.
 */
function showFailure(el: HTMLElement, error: unknown, retry: () => void): void {
  const box = document.createElement('div');
  box.className = 'island-failed';
  box.setAttribute('role', 'alert');
  const heading = document.createElement('h2');
  heading.textContent = isChunkLoadError(error) ? `Loading chunk ${error.chunk} failed` : 'This section could not be started';
  const detail = document.createElement('p');
  detail.textContent = error instanceof Error ? error.message : String(error);
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Try again';
  button.addEventListener('click', () => {
    box.remove();
    resetAllChunkCaches();
    retry();
  });
  box.append(heading, detail, button);
  el.before(box);
  console.error(error);
}

const dialogs = new Map<string, Deferred>();
const started: Promise<void>[] = [];

for (const el of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
  const dialog = el.getAttribute(DIALOG_ATTRIBUTE);
  const trigger = triggerOf(el.getAttribute(HYDRATE_ATTRIBUTE) ?? '', el.getAttribute(MEDIA_ATTRIBUTE), dialog !== null, (q) => matchMedia(q).matches);
  const island = defer(
    el,
    trigger,
    async () => {
      const type = el.getAttribute(BLOCK_ATTR) ?? '';
      // The block's files and the runtime's at the same time, each fetched whole before anything imports it.
      const [live] = await Promise.all([runtime.load('islands'), loadChunk(type, () => fetchWhole(address.blocks[type] ?? []))]);
      return live.hydrateIsland(el);
    },
    (error, retry) => {
      showFailure(el, error, () => {
        if (dialog) setDialogFailed(dialog, false);
        retry();
      });
      if (dialog) setDialogFailed(dialog, true);
    },
  );
  if (dialog) dialogs.set(dialog, island);
  if (trigger === 'load') started.push(island.live);
}

setDialogWaker((id) => {
  const island = dialogs.get(id);
  island?.wake();
  return island ? islandDialog(document, id) : null;
});

// Links and buttons in static HTML that open a dialog ("#<id>", or one the prerenderer marked). A link to any
// other "#<id>" is left to the browser, which jumps to it, and so is a dialog's link to its page while the dialog's
// code cannot be had (openDialog says no). A hydrated block's own handler has already acted.
document.addEventListener('click', (e) => {
  const asked = dialogAskedBy(e);
  if (asked && openDialog(asked.id, asked.opener)) e.preventDefault();
});
// Space presses a link the shell made a button (WAI-ARIA button pattern), as it does a button; the click that
// follows is caught like any other.
document.addEventListener('keydown', (e) => {
  if (e.key !== ' ' || e.defaultPrevented || !(e.target instanceof HTMLElement) || !e.target.matches(BUTTON_LINKS)) return;
  e.preventDefault();
  if (!e.repeat) e.target.click();
});
// The ones clicked before this script arrived (the shell caught them and opened their frame). One the visitor has
// closed since stays closed; its code is fetched all the same, for the next press.
for (const asked of takeEarlyDialogs()) {
  if (islandDialog(document, asked.id)?.open) openDialog(asked.id, asked.opener);
  else dialogs.get(asked.id)?.wake();
}

// A notice from the page before (a form's "Success" on its way here); the toasts' code is fetched only then. Only
// pages with islands show one: a toast needs React, which a static page never loads (see docs/decisions.md).
if (hasFlash()) void runtime.load('islands').then((r) => r.showFlash(), console.error);

// Lets tests and monitoring tell a page whose first islands are live from one still loading.
void Promise.all(started).then(() => requestAnimationFrame(() => setTimeout(() => (document.documentElement.dataset.hydrated = 'true'))));
