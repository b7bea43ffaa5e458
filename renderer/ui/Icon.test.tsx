import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import siteSchema from '../../schemas/site.schema.json';
import type { IconName } from '../generated/config-types.ts';
import { Icon } from './Icon.tsx';

const names = siteSchema.definitions.iconName.enum as IconName[];

describe('Icon', () => {
  it('draws every name of the iconName enum, each with its own shapes', () => {
    const drawings = new Map<string, string>();
    for (const name of names) {
      const { container, unmount } = render(<Icon name={name} />);
      const svg = container.querySelector('svg')!;
      expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
      const shapes = svg.querySelectorAll('path, circle, rect, ellipse');
      expect(shapes.length, `${name} draws nothing`).toBeGreaterThan(0);
      const markup = [...shapes].map((s) => s.outerHTML).join('');
      const twin = [...drawings].find(([, m]) => m === markup)?.[0];
      expect(twin, `${name} looks exactly like ${twin}`).toBeUndefined();
      drawings.set(name, markup);
      unmount();
    }
    expect(drawings.size).toBe(names.length);
  });

  it('is hidden from assistive technology unless labelled', () => {
    const { container } = render(<Icon name="home" size={32} className="x" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('width')).toBe('32');
    expect(svg.getAttribute('class')).toBe('x');
    render(<Icon name="linkedin" label="BuildPad on LinkedIn" />);
    expect(screen.getByRole('img', { name: 'BuildPad on LinkedIn' }).getAttribute('aria-hidden')).toBeNull();
  });
});
