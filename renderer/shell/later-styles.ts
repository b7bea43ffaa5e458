import { afterFirstPaint } from '../lib/after-paint.ts';
import { LATER_STYLES_ATTR } from './markup.ts';

/**
 * Links the styles a large page leaves for after its first paint (scripts/build.ts moves there the styles of static
 * blocks below the first screen when the page would not fit in the first round trip). They are the links of the
 * `<noscript>` that serves browsers with scripts off, whose markup a browser with scripts keeps as text: that text
 * takes the element's place. When the address points into the page, the part it points at may be one of those
 * blocks, so they are linked at once; a visitor who scrolls before the first paint is reported gets them then, so
 * that they arrive while the page moves towards those blocks, not once the blocks are on screen unstyled.
 */
export function linkLaterStyles(doc: Document, view: Window = window): void {
  const links = doc.querySelector(`noscript[${LATER_STYLES_ATTR}]`);
  if (!links) return;
  // Once linked, the <noscript> has left the page: a second call does nothing.
  const link = () => {
    if (links.isConnected) links.outerHTML = links.textContent ?? '';
  };
  if (view.location.hash.length > 1) return link();
  view.addEventListener('scroll', link, { once: true });
  afterFirstPaint(link, view);
}
