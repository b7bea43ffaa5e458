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

const container = document.getElementById('app');
if (!container) throw new Error('#app mount node missing from the HTML');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
document.documentElement.dataset.hydrated = 'true';
