/**
 * The dev server's page: `npm run dev` renders the whole page in the browser with the same App the prerenderer uses,
 * so a saved change shows at once. The dev server's entry module calls `start` with the site's block registry
 * (scripts/lib/vite/plugin.ts). The build ships no such script: its pages are prerendered HTML, the shell
 * script and islands (renderer/islands/).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from '../App.tsx';
import '../shell/index.ts';
import '../styles/global.css';
// The build links it beside the page and the shell applies it (see the file); here it applies from the start.
import '../shell/no-script.css';
import { countView } from '../shell/beacon.ts';
import { matchPage, matchRedirect } from '../lib/routes.ts';
import { gateCovers } from '../lib/not-found-screen.tsx';
import { hasPreviewPass } from '../lib/preview-pass.ts';
import { blockSet, type BlockRegistry } from '../lib/blocks.ts';
import { watchBlockScripts, type BlockScripts } from '../shell/block-scripts.ts';

/** `scripts`: every block's script by type (blocks/scripts.ts), started as its blocks render. */
export function start(registry: BlockRegistry, scripts: BlockScripts): void {
  // The build tells each page's shell whether it is the not-found page; the dev server's shell cannot know, so the
  // page view is counted here, as the build counts it: not a redirect (it leaves at once), nor the construction gate's
  // locked screen.
  const entry = matchPage(location.pathname);
  if (!matchRedirect(location.pathname) && !(entry && gateCovers(entry.route) && !hasPreviewPass())) countView(!entry);

  const container = document.getElementById('app');
  if (!container) throw new Error('#app mount node missing from the HTML');

  // The build inlines each page's block scripts into its shell; here every block renders in the browser, so each is
  // started as it appears (an island's left to React, which runs it from the start).
  const blocks = blockSet(registry);
  watchBlockScripts(document, scripts, (type) => blocks.hydrationOf(type) !== undefined);

  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <App blocks={blocks} />
      </BrowserRouter>
    </StrictMode>,
  );
  document.documentElement.dataset.hydrated = 'true';
}
