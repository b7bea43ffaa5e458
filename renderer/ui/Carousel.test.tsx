import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { stubCarouselLayout, swiperReady } from '../../tests/helpers/carousel-layout.ts';
import { Carousel } from './Carousel.tsx';

const items = ['Alpha', 'Bravo', 'Charlie', 'Delta'];

function Demo({ step = 35 as const }: { step?: 35 | 70 }) {
  return (
    <Carousel label="Demo projects" stepPercent={step} previousLabel="Previous project" nextLabel="Next project" header={<h2>Demo</h2>}>
      {items.map((t) => (
        <p key={t}>{t}</p>
      ))}
    </Carousel>
  );
}

/** Swiper's translate as it wrote it on the wrapper, in px. */
function translateX(): number {
  const wrapper = document.querySelector<HTMLElement>('.swiper-wrapper')!;
  const m = /translate3d\((-?[\d.]+)px/.exec(wrapper.style.transform);
  return m ? Number(m[1]) : 0;
}

describe('Carousel', () => {
  it('prerenders the full carousel pattern with no inline styles', () => {
    const html = renderToString(<Demo />);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html).toContain('aria-label="Demo projects"');
    for (let i = 1; i <= items.length; i++) expect(html).toContain(`aria-label="${i} of ${items.length}"`);
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(items.length);
    // Previous starts disabled, Next does not.
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*?Previous project/);
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>(?:(?!<\/button>).)*Next project/);
    expect(html).toContain('step-35');
  });

  describe('in the browser', () => {
    let restore: () => void;
    beforeEach(() => {
      restore = stubCarouselLayout({ width: 1000 });
    });
    afterEach(() => restore());

    it('moves one 35% step per click through positions 0..3 and disables the buttons at the ends', async () => {
      const user = userEvent.setup();
      render(<Demo />);
      await swiperReady();
      const region = screen.getByRole('region', { name: 'Demo projects' });
      const prev = screen.getByRole('button', { name: 'Previous project' });
      const next = screen.getByRole('button', { name: 'Next project' });
      expect(region.getAttribute('aria-roledescription')).toBe('carousel');
      expect(prev.hasAttribute('disabled')).toBe(true);
      expect(next.hasAttribute('disabled')).toBe(false);
      expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['1 of 4', '2 of 4', '3 of 4', '4 of 4']);

      for (let i = 1; i <= 3; i++) {
        await user.click(next);
        expect(region.dataset.index).toBe(String(i));
        expect(translateX()).toBeCloseTo(-350 * i, 0);
        expect(prev.hasAttribute('disabled')).toBe(false);
      }
      expect(next.hasAttribute('disabled')).toBe(true);
      // Focus moved off the button that just became disabled.
      expect(document.activeElement).toBe(prev);

      await user.click(prev);
      expect(region.dataset.index).toBe('2');
      expect(translateX()).toBeCloseTo(-700, 0);
      expect(next.hasAttribute('disabled')).toBe(false);
      await user.click(prev);
      await user.click(prev);
      expect(region.dataset.index).toBe('0');
      expect(translateX()).toBeCloseTo(0, 0);
      expect(prev.hasAttribute('disabled')).toBe(true);
      expect(document.activeElement).toBe(next);
    });

    it('never moves past either end', async () => {
      render(<Demo step={70} />);
      await swiperReady();
      const region = screen.getByRole('region', { name: 'Demo projects' });
      const next = screen.getByRole('button', { name: 'Next project' });
      // Disabled buttons ignore clicks; the keyboard module is the other way to move.
      for (let i = 0; i < 6; i++) {
        await act(async () => {
          document.dispatchEvent(new KeyboardEvent('keydown', { keyCode: 39, bubbles: true } as KeyboardEventInit));
        });
      }
      expect(region.dataset.index).toBe('3');
      expect(translateX()).toBeCloseTo(-2100, 0);
      expect(next.hasAttribute('disabled')).toBe(true);
    });

    it('has no buttons for a single slide', () => {
      render(
        <Carousel label="One" stepPercent={100}>
          <p>Only</p>
        </Carousel>,
      );
      expect(screen.queryAllByRole('button')).toHaveLength(0);
      expect(screen.getByRole('group').getAttribute('aria-label')).toBe('1 of 1');
    });
  });
});
