import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createAjv } from '../../scripts/lib/project.ts';
import type { LiveProjectsBlock } from '../../renderer/generated/config-types.ts';
import { stubCarouselLayout, swiperReady } from '../../tests/helpers/carousel-layout.ts';
import example from './example.json';
import LiveProjects from './index.tsx';

const config = example as LiveProjectsBlock;

describe('liveProjects block', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = stubCarouselLayout({ width: 1200 });
  });
  afterEach(() => restore());

  it('example.json matches the schema, which only takes steps the CSS knows', () => {
    // Vitest runs from the repository root.
    const validate = createAjv(process.cwd()).getSchema('https://sitewright.dev/schemas/blocks/liveProjects.schema.json')!;
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...example, stepPercent: 33 })).toBe(false);
    const { mobileImage: _m, ...noMobile } = example.projects[0];
    expect(validate({ ...example, projects: [noMobile] })).toBe(false);
  });

  it('prerenders four projects with name, location, both pictures and no inline style', () => {
    const html = renderToString(<LiveProjects {...config} />);
    expect(html).not.toMatch(/\sstyle=/);
    for (const p of config.projects) {
      expect(html).toContain(p.name);
      expect(html).toContain(`src="${p.image.src}"`);
      expect(html).toContain(`srcSet="${p.mobileImage.src}"`);
    }
    expect(html).toContain('step-35');
  });

  it('is a labelled carousel of "n of 4" slides with project cards', () => {
    render(<LiveProjects {...config} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Live Projects' })).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Live Projects' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = within(region).getAllByRole('group');
    expect(slides).toHaveLength(4);
    slides.forEach((slide, i) => {
      expect(slide.getAttribute('aria-roledescription')).toBe('slide');
      expect(slide.getAttribute('aria-label')).toBe(`${i + 1} of 4`);
      const p = config.projects[i];
      expect(within(slide).getByRole('heading', { level: 3 }).textContent).toBe(p.name);
      expect(within(slide).getByText(p.location)).toBeTruthy();
      const img = within(slide).getByRole('img', { name: p.image.alt });
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual([String(p.image.width), String(p.image.height)]);
    });
    expect(config.projects.filter((p) => p.location.includes('Kigali'))).toHaveLength(1);
    expect(config.projects.filter((p) => p.location.includes('Abuja'))).toHaveLength(3);
  });

  it('Previous/Next move one project at a time and are disabled at the first and last', async () => {
    const user = userEvent.setup();
    render(<LiveProjects {...config} />);
    await swiperReady();
    const region = screen.getByRole('region', { name: 'Live Projects' });
    const prev = screen.getByRole('button', { name: 'Previous project' });
    const next = screen.getByRole('button', { name: 'Next project' });
    expect(prev.hasAttribute('disabled')).toBe(true);
    await user.click(next);
    expect(region.dataset.index).toBe('1');
    await user.click(next);
    await user.click(next);
    expect(region.dataset.index).toBe('3');
    expect(next.hasAttribute('disabled')).toBe(true);
    expect(prev.hasAttribute('disabled')).toBe(false);
    await user.click(prev);
    expect(region.dataset.index).toBe('2');
  });
});
