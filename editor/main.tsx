/** Entry of the visual editor (npm run edit; dev server only, never part of the build). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './editor.css';

const container = document.getElementById('editor');
if (!container) throw new Error('#editor mount node missing');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
