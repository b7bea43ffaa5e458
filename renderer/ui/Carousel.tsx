import { Children, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Swiper as SwiperInstance } from 'swiper/types';
// Swiper's styles stay with the prerendered markup (no shift when it starts); its script loads on demand.
import './swiper-core.css';
import { ChunkCache } from '../lib/chunk-cache.ts';
import { CAROUSEL_MIN_WIDTH, type CarouselStep } from './carousel-constants.ts';
import styles from './carousel.module.css';

export { CAROUSEL_MIN_WIDTH, CAROUSEL_STEPS, type CarouselStep } from './carousel-constants.ts';

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

/** Swiper's script, fetched once for every carousel on the page. */
export const swiperChunks = new ChunkCache<typeof import('./carousel-swiper.ts')>(() => import('./carousel-swiper.ts'), {
  source: () => 'renderer/ui/carousel-swiper.ts',
});

function Arrow({ back }: { back?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d={back ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The WAI-ARIA carousel pattern on Swiper. Server and client render the same markup in Swiper's structure, and
 * the CSS alone lays the slides out exactly as Swiper will (each slide `stepPercent` wide, the last one followed
 * by enough room to reach the left edge). Swiper's script is fetched only when a carousel comes into view on a
 * wide screen (or a button is pressed), so pages and phones that never need it never load it.
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
  const rootRef = useRef<HTMLDivElement>(null);
  const starting = useRef<Promise<SwiperInstance | null> | null>(null);

  const start = useCallback((): Promise<SwiperInstance | null> => {
    starting.current ??= swiperChunks.load('carousel').then(
      ({ startSwiper }) => {
        const el = rootRef.current;
        if (!el) return null;
        swiperRef.current = startSwiper(el, sync);
        return swiperRef.current;
      },
      () => {
        // Without Swiper the slides stay as the CSS lays them out; the next focus, pointer or button press tries again.
        swiperChunks.reset();
        starting.current = null;
        return null;
      },
    );
    return starting.current;
  }, [sync]);

  useEffect(() => {
    const el = rootRef.current;
    if (!el || count < 2) return;
    const wide = window.matchMedia(`(min-width: ${CAROUSEL_MIN_WIDTH}px)`);
    let observer: IntersectionObserver | null = null;
    const watch = () => {
      if (!wide.matches || observer) return;
      if (typeof IntersectionObserver === 'undefined') {
        void start();
        return;
      }
      observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer?.disconnect();
          void start();
        }
      });
      observer.observe(el);
    };
    watch();
    wide.addEventListener('change', watch);
    return () => {
      wide.removeEventListener('change', watch);
      observer?.disconnect();
      swiperRef.current?.destroy(true, false);
      swiperRef.current = null;
      starting.current = null;
    };
  }, [count, start]);

  const startIfWide = () => {
    if (window.matchMedia(`(min-width: ${CAROUSEL_MIN_WIDTH}px)`).matches) void start();
  };

  const go = async (direction: -1 | 1) => {
    const s = swiperRef.current ?? (await start());
    if (!s) return;
    if (direction < 0) s.slidePrev();
    else s.slideNext();
    setIndex(s.activeIndex);
    // A button that becomes disabled drops keyboard focus to the page; hand it to the other one instead.
    if (s.activeIndex <= 0) nextRef.current?.focus();
    else if (s.activeIndex >= count - 1) prevRef.current?.focus();
  };

  return (
    <div
      className={`${styles.carousel} ${className}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-index={index}
      // Focus or a pointer on the carousel means it is about to be used: fetch Swiper now if it is not here yet.
      onFocus={startIfWide}
      onPointerEnter={startIfWide}
    >
      <div className={styles.bar}>
        {header && <div className={styles.header}>{header}</div>}
        {count > 1 && (
          <div className={styles.controls}>
            <button ref={prevRef} type="button" className={styles.control} aria-controls={swiperId} disabled={atStart} onClick={() => void go(-1)}>
              <Arrow back />
              <span className="visually-hidden">{previousLabel}</span>
            </button>
            <button ref={nextRef} type="button" className={styles.control} aria-controls={swiperId} disabled={atEnd} onClick={() => void go(1)}>
              <Arrow />
              <span className="visually-hidden">{nextLabel}</span>
            </button>
          </div>
        )}
      </div>
      <div ref={rootRef} id={swiperId} className={`swiper ${styles.swiper} ${styles[`step-${stepPercent}`]}`}>
        <div className="swiper-wrapper">
          {slides.map((slide, i) => (
            // The same attributes Swiper's A11y module sets, so they are in the prerendered HTML too.
            <div key={i} className={`swiper-slide ${styles.slide}`} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${count}`}>
              {slide}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
