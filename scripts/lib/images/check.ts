/**
 * That every picture a built page names is in the build: the addresses in each <img>'s src and srcset and each
 * <source>'s srcset. Run by npm run check:html.
 */

/** The site's own picture addresses in a page, each once, in page order (other hosts and data: addresses left out). */
export function pictureAddresses(html: string): string[] {
  const found = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:img|source)\b[^>]*>/gi)) {
    for (const [, name, value] of tag.matchAll(/\s(src|srcset)="([^"]*)"/gi)) {
      const candidates = name.toLowerCase() === 'src' ? [value] : value.split(',').map((c) => c.trim().split(/\s+/)[0]);
      for (const url of candidates) if (url.startsWith('/') && !url.startsWith('//')) found.add(url.split(/[?#]/)[0]);
    }
  }
  return [...found];
}

/** The addresses in `html` that name no file, as `exists` answers for an address. */
export function missingPictures(html: string, exists: (address: string) => boolean): string[] {
  return pictureAddresses(html).filter((a) => !exists(a));
}
