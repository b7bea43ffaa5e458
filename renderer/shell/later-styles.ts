import { afterFirstPaint } from '../lib/after-paint.ts';
import { LATER_STYLES_ATTR } from './markup.ts';

/**
 * Links the styles a large page leaves for after its first paint (scripts/build.ts moves there the styles of static
 * blocks below the first screen when the page would not fit in the first round trip). They are the links of the
 * `<noscript>` that serves browsers with scripts off, whose markup a browser with scripts keeps as text: that text
 * takes the element's place. When the address points into the page, the part it points at may be one of those
 * blocks, so they are linked at once.
 */
export function linkLaterStyles(doc: Document, view: Window = window): void {
  const links = doc.querySelector(`noscript[${LATER_STYLES_ATTR}]`);
  if (!links) return;
  const link = () => (links.outerHTML = links.textContent ?? '');
  if (view.location.hash.length > 1) link();
  else afterFirstPaint(link, view);
}
