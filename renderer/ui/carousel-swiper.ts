import Swiper from 'swiper';
import { A11y, Keyboard } from 'swiper/modules';
import { CAROUSEL_MIN_WIDTH } from './carousel-constants.ts';

export type { Swiper };

/**
 * Swiper on the carousel's own prerendered markup. Loaded only when a carousel is on screen on a wide
 * viewport (phones get a stacked list and never download it).
 */
export function startSwiper(el: HTMLElement, onChange: (s: Swiper) => void): Swiper {
  return new Swiper(el, {
    modules: [A11y, Keyboard],
    // The library's defaults are kept explicitly.
    speed: 300,
    threshold: 5,
    slidesPerView: 'auto',
    spaceBetween: 0,
    watchOverflow: false,
    enabled: false,
    breakpoints: { [CAROUSEL_MIN_WIDTH]: { enabled: true } },
    keyboard: { enabled: true, onlyInViewport: true, pageUpDown: false },
    a11y: {
      enabled: true,
      slideLabelMessage: '{{index}} of {{slidesLength}}',
      itemRoleDescriptionMessage: 'slide',
      slideRole: 'group',
      scrollOnFocus: true,
    },
    on: {
      init: onChange,
      slideChange: onChange,
      breakpoint: onChange,
    },
  });
}
