import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { stubCarouselLayout, swiperReady } from '../../tests/helpers/carousel-layout.ts';
import { Carousel } from './Carousel.tsx';

// Swiper's chunk fails to arrive until `network.up` (as a dropped connection would).
const network = vi.hoisted(() => ({ up: false, attempts: 0 }));
vi.mock('./carousel-swiper.ts', async (importOriginal) => {
  network.attempts++;
  if (!network.up) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

let restore: () => void;
beforeEach(() => {
  restore = stubCarouselLayout({ width: 1000 });
});
afterEach(() => restore());

describe('Carousel without its Swiper chunk', () => {
  it('keeps the slides as laid out, and starts Swiper on a later interaction once the chunk arrives', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    render(
      <Carousel label="Demo" stepPercent={35} previousLabel="Previous" nextLabel="Next">
        {['A', 'B', 'C'].map((t) => (
          <p key={t}>{t}</p>
        ))}
      </Carousel>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await vi.waitFor(() => expect(network.attempts).toBeGreaterThan(0));
    await act(async () => undefined);
    expect(document.querySelector('.swiper-initialized')).toBeNull();
    expect(screen.getAllByRole('group')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);

    network.up = true;
    await act(async () => fireEvent.pointerEnter(screen.getByRole('region', { name: 'Demo' })));
    await swiperReady();
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
