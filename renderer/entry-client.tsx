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

// Load this route's page and block chunks first so hydration renders exactly what was prerendered.
// A failed load is not fatal here: the app renders and its error boundary offers a retry.
preloadRoute(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    if (container.hasChildNodes()) hydrateRoot(container, app);
    else createRoot(container).render(app);
    // Lets tests and monitoring tell a hydrated page from a static one.
    requestAnimationFrame(() => (document.documentElement.dataset.hydrated = 'true'));
  });
