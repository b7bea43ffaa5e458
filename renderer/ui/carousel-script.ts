/**
 * The carousel (./Carousel.tsx) before React: plain DOM code the page's shell runs for each carousel block. On wide
 * screens the prerendered row is a track the browser scrolls and snaps itself (carousel.module.css); this moves it
 * one slide per Previous/Next press and keeps the buttons' disabled state and the region's `data-index` in step with
 * where the track rests, as the React carousel does. Once the block's island is live, Swiper owns the row (starting
 * from `data-index`) and this does nothing more.
 */
import { isLive } from '../shell/markup.ts';
import { CAROUSEL_MIN_WIDTH } from './carousel-constants.ts';

export function startCarousel(block: HTMLElement): void {
  const region = block.querySelector<HTMLElement>('[aria-roledescription="carousel"]');
  const track = region?.querySelector<HTMLElement>('.swiper-wrapper');
  const [prev, next] = region ? region.querySelectorAll('button') : [];
  if (!region || !track || !next) return;
  const last = track.children.length - 1;
  let index = 0;
  const show = (at: number) => {
    index = at;
    region.dataset.index = String(at);
    prev.disabled = at <= 0;
    next.disabled = at >= last;
  };
  // Each slide is one step wide; the position is the step the track rests on (read once a swipe has settled).
  const step = () => (track.firstElementChild as HTMLElement).offsetWidth;
  let settle: ReturnType<typeof setTimeout> | undefined;
  track.onscroll = () => {
    clearTimeout(settle);
    settle = setTimeout(() => isLive(block) || show(Math.round(track.scrollLeft / step())), 120);
  };
  // On the window's capture phase, ahead of the deferral primitive: a press acted on here is not replayed to React.
  window.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element).closest?.('button');
      if ((button !== prev && button !== next) || isLive(block)) return;
      event.stopImmediatePropagation();
      const to = Math.max(0, Math.min(last, index + (button === next ? 1 : -1)));
      // Smooth unless the visitor asked for reduced motion: the track's scroll-behavior (carousel.module.css).
      track.scrollTo(to * step(), 0);
      show(to);
      // A button that becomes disabled drops keyboard focus to the page; hand it to the other one instead.
      if (button.disabled) (button === next ? prev : next).focus();
    },
    true,
  );
  if (!matchMedia(`(min-width: ${CAROUSEL_MIN_WIDTH}px)`).matches) return;
  // A track that scrolls is a stop of its own for the keyboard (its arrows scroll it), until Swiper takes the row.
  track.tabIndex = 0;
  // A mouse cannot drag a scrolling track; Swiper can. Where a mouse is the pointer, its island is asked for once the
  // row is on screen, as a hover would ask for it, so a drag finds Swiper there.
  if (matchMedia('(pointer: fine)').matches) {
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      region.dispatchEvent(new Event('pointerover', { bubbles: true }));
    });
    seen.observe(track);
  }
}
