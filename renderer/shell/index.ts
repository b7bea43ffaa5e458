/** The shared shell script (placeholder until the header and FAQ behaviours land). */
import { openPreviewGate } from './gate.ts';
import { awaitNotFoundImage } from './not-found.ts';

openPreviewGate();
awaitNotFoundImage();
if (!document.querySelector('[data-island]')) document.documentElement.dataset.hydrated = 'true';
