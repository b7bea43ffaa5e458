import { describe, expect, it } from 'vitest';
import { draftPictures } from './preview-pictures.ts';

const built = {
  '/images/site.jpg': {
    sources: [{ type: 'image/avif', srcset: '/assets/site-640.avif 640w' }],
    fallback: { src: '/assets/site-640.jpg', srcset: '/assets/site-640.jpg 640w' },
  },
};

describe('the pictures of the back office’s preview', () => {
  it('keeps the live build’s pictures, and shows any other picture from the draft through the API', () => {
    const pictures = draftPictures('/admin/pages/api/', built);
    expect(pictures['/images/site.jpg']).toBe(built['/images/site.jpg']);
    expect(pictures['/images/uploads/new roof.png']?.fallback.src).toBe('/admin/pages/api/picture?name=uploads%2Fnew%20roof.png');
    expect(pictures['https://example.com/x.png']).toBeUndefined();
  });

  it('changes nothing under npm run edit, whose dev server serves the pictures itself', () => {
    expect(draftPictures(null, built)).toBe(built);
    expect(draftPictures(null, built)['/images/uploads/new.png']).toBeUndefined();
  });
});
