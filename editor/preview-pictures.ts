/**
 * The pictures the back office's preview shows. The editor's page there is not served beside the draft's files, and
 * the live site has only the published pictures: a picture the live build did not make (one uploaded into the draft,
 * or any SVG) is shown from the editor's API, which reads the person's draft. Under npm run edit the dev server serves
 * the config's pictures itself, and nothing changes.
 */
import type { PictureManifest } from '../renderer/images/types.ts';

const PICTURE_PATH = /^\/images\/(.+)$/;

export function draftPictures(apiBase: string | null, built: PictureManifest): PictureManifest {
  if (!apiBase) return built;
  return new Proxy(built, {
    get(target, key) {
      if (typeof key !== 'string') return undefined;
      if (Object.hasOwn(target, key)) return target[key];
      const name = PICTURE_PATH.exec(key)?.[1];
      if (!name) return undefined;
      const src = `${apiBase}picture?name=${encodeURIComponent(name)}`;
      return { sources: [], fallback: { src, srcset: src } };
    },
  });
}

/** The API base the editor's page names (the back office), read from the page that frames this preview; null otherwise. */
export function framingApiBase(): string | null {
  try {
    return window.parent.document.querySelector<HTMLMetaElement>('meta[name="sitewright-editor-api"]')?.content ?? null;
  } catch {
    return null;
  }
}
