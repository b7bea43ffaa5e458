import { INLINED_STYLES_ATTR } from '../shell/markup.ts';

/**
 * Links the style sheets whose rules the page carries inlined, disabled: made by script and disabled before they
 * are added, they are never fetched, and the chunk loader, which looks for a sheet's link before fetching it, finds
 * them there.
 */
export function linkInlinedStyles(doc: Document): void {
  const files = doc.querySelector(`style[${INLINED_STYLES_ATTR}]`)?.getAttribute(INLINED_STYLES_ATTR)?.split(' ') ?? [];
  for (const href of files) {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.disabled = true;
    link.href = href;
    doc.head.append(link);
  }
}
