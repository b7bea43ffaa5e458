// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { missingPictures, pictureAddresses } from './check.ts';

const page = `<picture><source type="image/avif" srcSet="/assets/images/a-360-x.avif 360w, /assets/images/a-560-y.avif 560w" sizes="50vw"/>
<img class="i" src="/assets/images/a-560-z.jpg" srcset="/assets/images/a-360-w.jpg 360w, /assets/images/a-560-z.jpg 560w" alt=""/></picture>
<img src="/images/logo.svg" alt="Logo"/><img src="https://cdn.example/x.png" alt=""/><img src="//cdn.example/y.png" alt=""/>
<img src="data:image/gif;base64,R0lGOD" alt=""/><a href="/images/not-a-picture.svg">link</a>`;

describe('pictureAddresses', () => {
  it('lists every local address of img src and srcset and source srcset, once each', () => {
    expect(pictureAddresses(page)).toEqual([
      '/assets/images/a-360-x.avif',
      '/assets/images/a-560-y.avif',
      '/assets/images/a-560-z.jpg',
      '/assets/images/a-360-w.jpg',
      '/images/logo.svg',
    ]);
  });
});

describe('missingPictures', () => {
  it('names the addresses with no file behind them', () => {
    const files = new Set(['/assets/images/a-360-x.avif', '/assets/images/a-560-y.avif', '/assets/images/a-560-z.jpg', '/images/logo.svg']);
    expect(missingPictures(page, (a) => files.has(a))).toEqual(['/assets/images/a-360-w.jpg']);
  });
});
