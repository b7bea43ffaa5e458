/**
 * Dev-only entry of /_catalogue (served by the Vite plugin in `npm run dev`). The production build's only entry is
 * renderer/entry-client.tsx, so nothing here reaches dist/.
 */
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { items } from 'virtual:sitewright/catalogue';
import { blockCache } from '../lib/blocks.ts';
import { Catalogue } from './Catalogue.tsx';
import '../styles/global.css';

/** A link in an example leads to a real page, which this entry does not render: load it properly. */
function LeaveCatalogue() {
  useEffect(() => window.location.reload(), []);
  return null;
}

const container = document.getElementById('app');
if (!container) throw new Error('#app mount node missing from the HTML');
// Load every block chunk first, as the real entry does for a route, so blocks render without suspending.
await Promise.allSettled(items.filter((i) => i.example).map((i) => blockCache.load(i.type)));
createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/_catalogue" element={<Catalogue />} />
        <Route path="*" element={<LeaveCatalogue />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
requestAnimationFrame(() => (document.documentElement.dataset.hydrated = 'true'));
