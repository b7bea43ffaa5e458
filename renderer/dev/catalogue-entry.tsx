/**
 * Dev-only entry of /_catalogue (served by the Vite plugin in `npm run dev`). Nothing imports it from the build's
 * inputs (vite.config.ts), so nothing here reaches dist/.
 */
import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router';
import { items } from 'virtual:sitewright/catalogue';
import { BlockSetContext, blockSet, type BlockRegistry } from '../lib/blocks.ts';
import { watchBlockScripts, type BlockScripts } from '../shell/block-scripts.ts';
import { Catalogue } from './Catalogue.tsx';
import '../styles/global.css';

/**
 * Blocks run in a memory router, so a block that moves on by itself (the scheduler step goes back to the form when
 * no details are stored) cannot take the catalogue away. A link the visitor clicks still opens its page for real.
 */
let lastClick = -Infinity;
document.addEventListener('click', () => (lastClick = performance.now()), true);

function Navigation() {
  const location = useLocation();
  const first = useRef(true);
  const [stopped, setStopped] = useState<string | null>(null);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const to = `${location.pathname}${location.search}${location.hash}`;
    // A click moments ago means the visitor chose to go; otherwise a block's effect did, and the catalogue stays.
    if (performance.now() - lastClick < 1000) window.location.assign(to);
    else setStopped(to);
  }, [location]);
  if (!stopped) return null;
  return (
    <p role="status" className="visually-hidden">
      A block tried to go to {stopped} by itself; the catalogue stayed here.
    </p>
  );
}

/** Called by the dev server's catalogue entry with the site's block registry (scripts/lib/vite/plugin.ts). */
export async function start(registry: BlockRegistry, scripts: BlockScripts): Promise<void> {
  const container = document.getElementById('app');
  if (!container) throw new Error('#app mount node missing from the HTML');
  const blocks = blockSet(registry);
  // Static blocks with a script of their own need it here too; islands are React's from the start.
  watchBlockScripts(document, scripts, (type) => blocks.hydrationOf(type) !== undefined);
  // Load every block chunk first, as the real entry does for a route, so blocks render without suspending.
  await Promise.allSettled(items.filter((i) => i.example).map((i) => blocks.components.load(i.type)));
  createRoot(container).render(
    <StrictMode>
      <MemoryRouter initialEntries={['/_catalogue']}>
        <Navigation />
        <BlockSetContext.Provider value={blocks}>
          <Catalogue />
        </BlockSetContext.Provider>
      </MemoryRouter>
    </StrictMode>,
  );
  requestAnimationFrame(() => (document.documentElement.dataset.hydrated = 'true'));
}
