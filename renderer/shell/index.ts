/**
 * The one shared script of every page: header menus, the FAQ accordion, the comparison-row disclosures, the
 * not-found screen's wait for its picture and the preview gate. It has no framework dependency, so it runs on pages
 * React never hydrates. The gate goes first: the page it may show is what the islands loader then looks at.
 */
import { ISLAND_ATTRIBUTE } from './markup.ts';
import { openPreviewGate } from './gate.ts';
import { awaitNotFoundImage } from './not-found.ts';
import { initShell } from './shell.ts';

if (typeof document !== 'undefined') {
  openPreviewGate(document);
  initShell(document);
  awaitNotFoundImage(document);
  // A page with islands is marked by the islands loader once its first islands are live.
  if (!document.querySelector(`[${ISLAND_ATTRIBUTE}]`)) document.documentElement.dataset.hydrated = 'true';
}
