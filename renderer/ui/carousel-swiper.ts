import Swiper from 'swiper';
import { A11y, Keyboard } from 'swiper/modules';
import { CAROUSEL_MIN_WIDTH } from './carousel-constants.ts';

export type { Swiper };

/**
 * Swiper on the carousel's own prerendered markup, from slide `initialSlide` (where the scrolling track rested before
 * it). Loaded only with the carousel's island on a wide viewport (phones get a stacked list and never download it).
 */
export function startSwiper(el: HTMLElement, onChange: (s: Swiper) => void, initialSlide = 0): Swiper {
  return new Swiper(el, {
    initialSlide,
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
