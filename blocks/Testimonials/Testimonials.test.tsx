import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAjv } from '../../scripts/lib/project.ts';
import type { TestimonialsBlock } from '../../renderer/generated/config-types.ts';
import { stubCarouselLayout, swiperReady } from '../../tests/helpers/carousel-layout.ts';
import example from './example.json';
import Testimonials, { initials } from './index.tsx';

const config = example as TestimonialsBlock;

describe('testimonials block', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = stubCarouselLayout({ width: 1200 });
  });
  afterEach(() => restore());

  it('example.json matches the schema, which limits colours to the design', () => {
    // Vitest runs from the repository root.
    const validate = createAjv(process.cwd()).getSchema('https://sitewright.dev/schemas/blocks/testimonials.schema.json')!;
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...example, testimonials: [{ ...example.testimonials[0], backgroundColor: '#ff0000' }] })).toBe(false);
  });

  it('shows each quote with its author, colour and optional second colour', () => {
    render(<Testimonials {...config} />);
    const region = screen.getByRole('region', { name: config.heading });
    const slides = within(region).getAllByRole('group');
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 2', '2 of 2']);
    config.testimonials.forEach((t, i) => {
      const figure = slides[i].querySelector('figure')!;
      expect(figure.querySelector('blockquote')!.textContent).toBe(t.message);
      expect(figure.querySelector('figcaption')!.textContent).toContain(t.name);
      expect(figure.querySelector('figcaption')!.textContent).toContain(t.title);
      expect(figure.className).toContain(t.backgroundColor!);
      expect(figure.className.includes('second')).toBe(t.showSecondColor === true);
    });
  });

  it('Previous/Next move between the two testimonials and disable at the ends', async () => {
    const user = userEvent.setup();
    render(<Testimonials {...config} />);
    await swiperReady();
    const region = screen.getByRole('region', { name: config.heading });
    const prev = screen.getByRole('button', { name: 'Previous testimonial' });
    const next = screen.getByRole('button', { name: 'Next testimonial' });
    expect([prev.hasAttribute('disabled'), next.hasAttribute('disabled')]).toEqual([true, false]);
    await user.click(next);
    expect(region.dataset.index).toBe('1');
    expect([prev.hasAttribute('disabled'), next.hasAttribute('disabled')]).toEqual([false, true]);
    await user.click(prev);
    expect(region.dataset.index).toBe('0');
    expect([prev.hasAttribute('disabled'), next.hasAttribute('disabled')]).toEqual([true, false]);
  });

  it('makes initials from first and last names', () => {
    expect(initials('Adaeze Okafor')).toBe('AO');
    expect(initials('  emeka  chukwu nwosu ')).toBe('EN');
    expect(initials('Cher')).toBe('C');
  });
});
