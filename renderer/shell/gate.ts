import { hasPreviewPass } from '../lib/preview-pass.ts';

/** The id of the template that carries a gated page's own content (written by scripts/build.ts). */
export const GATED_TEMPLATE_ID = 'sw-gated';

/**
 * Behind the under-construction gate every page shows the gate's screen, with the page itself in a template beside
 * it. A browser that passed the preview login gets the page instead; this runs before the islands loader, so the
 * page's islands are found and hydrated as on any page.
 */
export function openPreviewGate(doc: Document = document): boolean {
  const template = doc.getElementById(GATED_TEMPLATE_ID);
  const app = doc.getElementById('app');
  if (!(template instanceof HTMLTemplateElement) || !app || !hasPreviewPass()) return false;
  app.replaceChildren(template.content.cloneNode(true));
  if (template.dataset.title) doc.title = template.dataset.title;
  return true;
}
