import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Picture, PicturesProvider, type PictureProps } from './Picture.tsx';
import { DISPLAYS } from './display.ts';
import type { PictureManifest } from './types.ts';

const photo = { src: '/images/site.jpg', alt: 'A site at dusk', width: 560, height: 420 };
const phoneCrop = { src: '/images/site-phone.jpg', alt: '', width: 360, height: 480 };
const manifest: PictureManifest = {
  '/images/site.jpg': {
    sources: [
      { type: 'image/avif', srcset: '/assets/images/site-360-a.avif 360w, /assets/images/site-560-b.avif 560w' },
      { type: 'image/webp', srcset: '/assets/images/site-360-c.webp 360w, /assets/images/site-560-d.webp 560w' },
    ],
    fallback: { src: '/assets/images/site-560-f.jpg', srcset: '/assets/images/site-360-e.jpg 360w, /assets/images/site-560-f.jpg 560w' },
  },
  '/images/site-phone.jpg': {
    sources: [{ type: 'image/avif', srcset: '/assets/images/site-phone-360-g.avif 360w' }],
    fallback: { src: '/assets/images/site-phone-360-h.jpg', srcset: '/assets/images/site-phone-360-h.jpg 360w' },
  },
};

function markup(props: PictureProps, pictures: PictureManifest = manifest): Document {
  const html = renderToStaticMarkup(
    <PicturesProvider value={pictures}>
      <Picture {...props} />
    </PicturesProvider>,
  );
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
}

describe('Picture', () => {
  it('offers a built raster picture as AVIF, then WebP, then the original format, with the block’s sizes on each', () => {
    const doc = markup({ image: photo, display: 'hero', className: 'image', fetchPriority: 'high', decoding: 'async' });
    const sources = [...doc.querySelectorAll('picture > source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0].getAttribute('srcset')).toBe(manifest['/images/site.jpg'].sources[0].srcset);
    for (const s of sources) expect(s.getAttribute('sizes')).toBe(DISPLAYS.hero.sizes);
    const img = doc.querySelector('picture > img:last-child')!;
    expect(img.getAttribute('src')).toBe('/assets/images/site-560-f.jpg');
    expect(img.getAttribute('srcset')).toBe('/assets/images/site-360-e.jpg 360w, /assets/images/site-560-f.jpg 560w');
    expect(img.getAttribute('sizes')).toBe(DISPLAYS.hero.sizes);
  });

  it('keeps the config’s alt, width and height, and the block’s class, loading, decoding and priority', () => {
    const img = markup({ image: photo, display: 'featureGrid', className: 'image', loading: 'lazy', decoding: 'async', fetchPriority: 'low' }).querySelector(
      'img',
    )!;
    expect(img.getAttribute('alt')).toBe('A site at dusk');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['560', '420']);
    expect(img.getAttribute('class')).toBe('image');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('fetchpriority')).toBe('low');
  });

  it('shows an SVG, or any picture the build did not convert (the dev server, the editor), as a plain img of its own file', () => {
    const svg = { src: '/images/logo.svg', alt: 'Keel Capital', width: 200, height: 56 };
    for (const [image, pictures] of [
      [svg, manifest],
      [photo, {}],
    ] as const) {
      const doc = markup({ image, display: 'logoStrip', loading: 'lazy' }, pictures);
      expect(doc.querySelector('picture')).toBeNull();
      const img = doc.querySelector('img')!;
      expect(img.getAttribute('src')).toBe(image.src);
      expect(img.hasAttribute('srcset')).toBe(false);
      expect(img.hasAttribute('sizes')).toBe(false);
      expect([img.getAttribute('alt'), img.getAttribute('width'), img.getAttribute('height')]).toEqual([image.alt, String(image.width), String(image.height)]);
    }
  });

  it('puts a phone crop first, in every format, for its media query only', () => {
    const art = { media: '(max-width: 959.98px)', image: phoneCrop, display: 'liveProjects.mobileImage' as const };
    const doc = markup({ image: photo, display: 'liveProjects', art });
    const sources = [...doc.querySelectorAll('picture > source')].map((s) => [s.getAttribute('media'), s.getAttribute('type'), s.getAttribute('width')]);
    expect(sources).toEqual([
      ['(max-width: 959.98px)', 'image/avif', '360'],
      ['(max-width: 959.98px)', null, '360'],
      [null, 'image/avif', null],
      [null, 'image/webp', null],
    ]);
    expect(doc.querySelectorAll('picture > source')[1].getAttribute('srcset')).toBe('/assets/images/site-phone-360-h.jpg 360w');
  });

  it('keeps a phone crop that is an SVG as today: one source with its file, width and height', () => {
    const art = { media: '(max-width: 959.98px)', image: { ...phoneCrop, src: '/images/a-mobile.svg' }, display: 'liveProjects.mobileImage' as const };
    const doc = markup({ image: { ...photo, src: '/images/a.svg' }, display: 'liveProjects', art });
    const source = doc.querySelectorAll('picture > source');
    expect(source).toHaveLength(1);
    expect([source[0].getAttribute('srcset'), source[0].getAttribute('width'), source[0].getAttribute('height')]).toEqual([
      '/images/a-mobile.svg',
      '360',
      '480',
    ]);
    expect(doc.querySelector('picture > img')!.getAttribute('src')).toBe('/images/a.svg');
  });
});
