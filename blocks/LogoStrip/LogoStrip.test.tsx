import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createAjv } from '../../scripts/lib/project.ts';
import type { LogoStripBlock } from '../../renderer/generated/config-types.ts';
import example from './example.json';
import LogoStrip from './index.tsx';

const config = example as LogoStripBlock;

describe('logoStrip block', () => {
  it('example.json matches the schema', () => {
    // Vitest runs from the repository root.
    const validate = createAjv(process.cwd()).getSchema('https://sitewright.dev/schemas/blocks/logoStrip.schema.json')!;
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...example, logos: [] })).toBe(false);
  });

  it('shows "Trusted by" and four partner logos named by their alt text, sized to avoid layout shift', () => {
    render(
      <MemoryRouter>
        <LogoStrip {...config} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Trusted by');
    const logos = screen.getAllByRole('img');
    expect(logos.map((l) => l.getAttribute('alt'))).toEqual(['Ardent Cement', 'Northgate Steel', 'Savanna Homes', 'Keel Capital']);
    for (const l of logos) expect(l.getAttribute('width')).toBe('200');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('links a logo when it has an address', () => {
    render(
      <MemoryRouter>
        <LogoStrip
          type="logoStrip"
          logos={[{ image: { src: '/images/home/partner-keel-capital.svg', alt: 'Keel Capital', width: 200, height: 56 }, href: '/contact' }]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Keel Capital' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Trusted by');
  });
});
