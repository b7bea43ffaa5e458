// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { limitsText, matching } from './Pictures.tsx';
import type { PictureInfo } from './pictures-shared.ts';

const picture = (name: string): PictureInfo => ({ src: `/images/${name}`, name, width: 10, height: 10, bytes: 100 });
const library = ['landing/owner-hero.svg', 'landing/contractor-hero.svg', 'home/persona-owner.svg', 'site-team-at-work.png'].map(picture);

describe('the picture library', () => {
  it('finds pictures by every word typed, in their name or folder, in any case', () => {
    const names = (q: string) => matching(library, q).map((p) => p.name);
    expect(names('owner hero')).toEqual(['landing/owner-hero.svg']);
    expect(names('OWNER')).toEqual(['landing/owner-hero.svg', 'home/persona-owner.svg']);
    expect(names('landing')).toEqual(['landing/owner-hero.svg', 'landing/contractor-hero.svg']);
    expect(names('team-at')).toEqual(['site-team-at-work.png']);
    expect(names('  ')).toHaveLength(4);
    expect(names('garden')).toEqual([]);
  });

  it('states the limits in words', () => {
    expect(limitsText({ photoBytes: 2 * 1024 * 1024, svgBytes: 500 * 1024, maxSide: 8000 })).toBe(
      'JPEG, PNG, WebP or AVIF up to 2 MB and 8,000 pixels wide or tall; SVG up to 500 KB.',
    );
    expect(limitsText({ photoBytes: 1.5 * 1024 * 1024, svgBytes: 100 * 1024, maxSide: 4000 })).toBe(
      'JPEG, PNG, WebP or AVIF up to 1.5 MB and 4,000 pixels wide or tall; SVG up to 100 KB.',
    );
  });
});
