import { createContext, useContext, type ReactNode } from 'react';
import builtPictures from 'virtual:sitewright/images';
import { DISPLAYS, type DisplayName } from './display.ts';
import type { PictureManifest, PictureSource } from './types.ts';

const PicturesContext = createContext<PictureManifest>(builtPictures);

/** Another set of built pictures for what renders inside (tests; the build itself passes its set through the module). */
export function PicturesProvider({ value, children }: { value: PictureManifest; children: ReactNode }) {
  return <PicturesContext.Provider value={value}>{children}</PicturesContext.Provider>;
}

export interface PictureProps {
  image: PictureSource;
  /** Which block shows it: how wide (renderer/images/display.ts). */
  display: DisplayName;
  className?: string;
  loading?: 'lazy' | 'eager';
  decoding?: 'async' | 'sync' | 'auto';
  fetchPriority?: 'high' | 'low' | 'auto';
  /** Another picture below a viewport width (a phone's crop), e.g. { media: "(max-width: 959.98px)", image, display }. */
  art?: { media: string; image: PictureSource; display: DisplayName };
}

/**
 * A picture from the config. A raster picture the build converted is a <picture> offering AVIF and WebP at the widths
 * it is shown, with the original format as the fallback; anything else (SVG, the dev server, the editor) is the file
 * itself. Width and height stay the config's, so nothing shifts while it loads.
 */
export function Picture({ image, display, className, loading, decoding, fetchPriority, art }: PictureProps) {
  const pictures = useContext(PicturesContext);
  const built = pictures[image.src];
  const artBuilt = art && pictures[art.image.src];
  const sizes = built ? DISPLAYS[display].sizes : undefined;
  const img = (
    <img
      className={className}
      src={built?.fallback.src ?? image.src}
      srcSet={built?.fallback.srcset}
      sizes={sizes}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={loading}
      decoding={decoding}
      fetchPriority={fetchPriority}
    />
  );
  if (!built && !art) return img;
  return (
    <picture>
      {art &&
        (artBuilt ? (
          [...artBuilt.sources, { type: undefined, srcset: artBuilt.fallback.srcset }].map((s) => (
            <source
              key={s.type ?? 'fallback'}
              media={art.media}
              type={s.type}
              srcSet={s.srcset}
              sizes={DISPLAYS[art.display].sizes}
              width={art.image.width}
              height={art.image.height}
            />
          ))
        ) : (
          <source media={art.media} srcSet={art.image.src} width={art.image.width} height={art.image.height} />
        ))}
      {built?.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
