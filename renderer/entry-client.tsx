import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { preloadRoute } from './lib/routes.ts';
import './styles/global.css';

const container = document.getElementById('app');
if (!container) throw new Error('#app mount node missing from the HTML');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// Hydrate at once: React attaches its event listeners to the root now, so a click that lands before a block's
// chunk has arrived is replayed once that block hydrates instead of being lost. The route's chunks load in
// parallel (they are modulepreloaded); until they arrive their prerendered HTML stays as it is.
const route = preloadRoute(window.location.pathname).catch(() => undefined);
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
// Lets tests and monitoring tell a hydrated page from a static one: set once the route's chunks are in and
// React has had a frame to hydrate them.
void route.then(() => requestAnimationFrame(() => setTimeout(() => (document.documentElement.dataset.hydrated = 'true'))));
