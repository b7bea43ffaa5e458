import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createAjv } from '../../scripts/lib/project.ts';
import type { CtaBannerBlock } from '../../renderer/generated/config-types.ts';
import { site } from 'virtual:sitewright/config';
import example from './example.json';
import CtaBanner from './index.tsx';

const config = example as CtaBannerBlock;

function renderBanner(props: CtaBannerBlock) {
  return render(
    <MemoryRouter>
      <CtaBanner {...props} />
    </MemoryRouter>,
  );
}

describe('ctaBanner block', () => {
  it('example.json matches the schema, which allows one or two buttons', () => {
    // Vitest runs from the repository root.
    const validate = createAjv(process.cwd()).getSchema('https://sitewright.dev/schemas/blocks/ctaBanner.schema.json')!;
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...example, actions: [] })).toBe(false);
    expect(validate({ ...example, actions: [...example.actions, example.actions[0]] })).toBe(false);
  });

  it('renders the heading, intro and the calculator button opening in a new tab', () => {
    renderBanner(config);
    expect(screen.getByRole('region', { name: config.heading })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(config.heading);
    expect(screen.getByText(config.intro!)).toBeTruthy();
    const calc = screen.getByRole('link', { name: /Get a free estimate/ });
    expect(calc.getAttribute('href')).toBe(site.destinations.calculator);
    expect(calc.getAttribute('target')).toBe('_blank');
    expect(calc.getAttribute('rel')).toBe('noopener noreferrer');
    const contact = screen.getByRole('link', { name: 'Talk to us' });
    expect(contact.getAttribute('href')).toBe('/contact');
  });

  it('draws the first button solid and the second outlined, light on solid tones', () => {
    renderBanner(config);
    const [first, second] = screen.getAllByRole('link');
    expect(first.className).toContain('button-primary');
    expect(first.className).toContain('on-solid-primary');
    expect(second.className).toContain('button-secondary');
    expect(second.className).toContain('on-solid-outline');
  });

  it('keeps standard buttons on the light tone and shows an optional picture with its size', () => {
    renderBanner({ ...config, tone: 'light', image: { src: '/images/home/estimate.svg', alt: 'Calculator', width: 480, height: 360 } });
    const [first] = screen.getAllByRole('link');
    expect(first.className).not.toContain('on-solid');
    const img = screen.getByRole('img', { name: 'Calculator' });
    expect(img.getAttribute('width')).toBe('480');
  });
});
