import { startTransition, StrictMode } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { planBlockHydration } from './lib/deferred-blocks.ts';
import { loadNotFound, showsNotFound } from './lib/not-found-screen.tsx';
import { preloadPage } from './lib/routes.ts';
import './styles/global.css';
import './shell/index.ts';

const container = document.getElementById('app');
if (!container) throw new Error('#app mount node missing from the HTML');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// Hydrate at once. The page's chunk and the first block's load in parallel (modulepreloaded), the rest of the
// first screen's blocks as soon as this runs; blocks further down load when they come near
// (lib/deferred-blocks.ts). Until then each stays as prerendered HTML.
const { pathname } = window.location;
const route = Promise.all([preloadPage(pathname), showsNotFound(pathname) && loadNotFound(), planBlockHydration(container)]).catch(() => undefined);
// Hydrating in a transition lets React yield to the browser every few milliseconds instead of hydrating the
// first screen in one long task (a default-priority render does not yield); the visitor sees the same page.
// Started in a task of its own: creating the root (and its hundred-odd event listeners) in the task that
// evaluates react-dom would lengthen the page's longest script task. See docs/decisions.md.
setTimeout(() => {
  if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
});
// Lets tests and monitoring tell a hydrated page from a static one: set once the page's and the first screen's
// chunks are in and React has had a frame to hydrate them.
void route.then(() => requestAnimationFrame(() => setTimeout(() => (document.documentElement.dataset.hydrated = 'true'))));
