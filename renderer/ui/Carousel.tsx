import { Children, useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { A11y, Keyboard } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/a11y';
import styles from './carousel.module.css';

/** Steps the CSS knows (carousel.module.css has one class per value): multiples of 5 from 20 to 100 percent. */
export const CAROUSEL_STEPS = [20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95, 100] as const;
export type CarouselStep = (typeof CAROUSEL_STEPS)[number];

/** Below this width the slides stack as a plain list and the controls hide (spec: stacked list on mobile). */
export const CAROUSEL_MIN_WIDTH = 960;

export interface CarouselProps {
  /** Accessible name of the carousel region, e.g. "Live projects". */
  label: string;
  /** How far one step moves, in percent of the carousel width; also the width of each slide. */
  stepPercent: CarouselStep;
  /** Names of the two buttons, e.g. "Previous project" / "Next project". */
  previousLabel?: string;
  nextLabel?: string;
  className?: string;
  /** Shown above the slides, beside the buttons, e.g. the section heading. */
  header?: ReactNode;
  /** One child per slide. */
  children: ReactNode;
}

function Arrow({ back }: { back?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d={back ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The WAI-ARIA carousel pattern on swiper/react. Server and client first render the same markup, and the CSS
 * alone lays the slides out exactly as Swiper will (each slide `stepPercent` wide, the last one followed by
 * enough room to reach the left edge), so Swiper takes over after hydration without the page moving.
 * Positions run 0..n-1, one step each; the buttons are disabled at the ends.
 */
export function Carousel({ label, stepPercent, previousLabel = 'Previous', nextLabel = 'Next', className = '', header, children }: CarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const swiperId = `${useId()}-slides`;
  const swiperRef = useRef<SwiperInstance | null>(null);
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const [index, setIndex] = useState(0);
  const atStart = index <= 0;
  const atEnd = index >= count - 1;

  const sync = useCallback((s: SwiperInstance) => setIndex(s.activeIndex), []);

  const go = (direction: -1 | 1) => {
    const s = swiperRef.current;
    if (!s) return;
    if (direction < 0) s.slidePrev();
    else s.slideNext();
    setIndex(s.activeIndex);
    // A button that becomes disabled drops keyboard focus to the page; hand it to the other one instead.
    if (s.activeIndex <= 0) nextRef.current?.focus();
    else if (s.activeIndex >= count - 1) prevRef.current?.focus();
  };

  return (
    <div className={`${styles.carousel} ${className}`} role="region" aria-roledescription="carousel" aria-label={label} data-index={index}>
      <div className={styles.bar}>
        {header && <div className={styles.header}>{header}</div>}
        {count > 1 && (
          <div className={styles.controls}>
            <button ref={prevRef} type="button" className={styles.control} aria-controls={swiperId} disabled={atStart} onClick={() => go(-1)}>
              <Arrow back />
              <span className="visually-hidden">{previousLabel}</span>
            </button>
            <button ref={nextRef} type="button" className={styles.control} aria-controls={swiperId} disabled={atEnd} onClick={() => go(1)}>
              <Arrow />
              <span className="visually-hidden">{nextLabel}</span>
            </button>
          </div>
        )}
      </div>
      <Swiper
        id={swiperId}
        className={`${styles.swiper} ${styles[`step-${stepPercent}`]}`}
        modules={[A11y, Keyboard]}
        // Spec section 9: the library's defaults are kept explicitly.
        speed={300}
        threshold={5}
        slidesPerView="auto"
        spaceBetween={0}
        watchOverflow={false}
        enabled={false}
        breakpoints={{ [CAROUSEL_MIN_WIDTH]: { enabled: true } }}
        keyboard={{ enabled: true, onlyInViewport: true, pageUpDown: false }}
        a11y={{
          enabled: true,
          slideLabelMessage: '{{index}} of {{slidesLength}}',
          itemRoleDescriptionMessage: 'slide',
          slideRole: 'group',
          scrollOnFocus: true,
        }}
        onSwiper={(s) => {
          swiperRef.current = s;
          sync(s);
        }}
        onSlideChange={sync}
        onBreakpoint={sync}
      >
        {slides.map((slide, i) => (
          // The same attributes Swiper's A11y module sets, so they are in the prerendered HTML too.
          <SwiperSlide key={i} className={styles.slide} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${count}`}>
            {slide}
          </SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
}
