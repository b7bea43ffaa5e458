/**
 * The dev server's page: `npm run dev` renders the whole page in the browser with the same App the prerenderer uses,
 * so a saved change shows at once. The build ships no such script: its pages are prerendered HTML, the shell
 * script and islands (renderer/islands/).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from '../App.tsx';
import '../shell/index.ts';
import '../styles/global.css';
import { countView } from '../shell/beacon.ts';
import { matchPage, matchRedirect } from '../lib/routes.ts';
import { gateCovers } from '../lib/not-found-screen.tsx';
import { hasPreviewPass } from '../lib/preview-pass.ts';
import { hydrationOf } from '../lib/blocks.ts';
import { watchBlockScripts } from '../shell/block-scripts.ts';
import { ALL_BLOCK_SCRIPTS } from '../shell/all-block-scripts.ts';

// The build tells each page's shell whether it is the not-found page; the dev server's shell cannot know, so the
// page view is counted here, as the build counts it: not a redirect (it leaves at once), nor the construction gate's
// locked screen.
const entry = matchPage(location.pathname);
if (!matchRedirect(location.pathname) && !(entry && gateCovers(entry.route) && !hasPreviewPass())) countView(!entry);

const container = document.getElementById('app');
if (!container) throw new Error('#app mount node missing from the HTML');

// The build inlines each page's block scripts into its shell; here every block renders in the browser, so each is
// started as it appears (an island's left to React, which runs it from the start).
watchBlockScripts(document, ALL_BLOCK_SCRIPTS, (type) => hydrationOf(type) !== undefined);

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
document.documentElement.dataset.hydrated = 'true';
