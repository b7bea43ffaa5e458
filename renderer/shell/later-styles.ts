import { afterFirstPaint } from '../lib/after-paint.ts';
import { LATER_STYLES_ATTR } from './markup.ts';

/**
 * Links the styles a large page leaves for after its first paint (scripts/build.ts moves there the styles of static
 * blocks below the first screen when the page would not fit in the first round trip). When the address points into
 * the page, the part it points at may be one of those blocks, so they are linked at once.
 */
export function linkLaterStyles(doc: Document, view: Window = window): void {
  const hrefs = doc.querySelector(`noscript[${LATER_STYLES_ATTR}]`)?.getAttribute(LATER_STYLES_ATTR)?.split(/\s+/).filter(Boolean) ?? [];
  if (!hrefs.length) return;
  const link = () => {
    for (const href of hrefs) {
      if ([...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((l) => l.getAttribute('href') === href)) continue;
      const el = doc.createElement('link');
      el.rel = 'stylesheet';
      el.href = href;
      doc.head.append(el);
    }
  };
  if (view.location.hash.length > 1) link();
  else afterFirstPaint(link, view);
}
