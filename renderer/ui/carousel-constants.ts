/** Steps the CSS knows (carousel.module.css has one class per value): multiples of 5 from 20 to 100 percent. */
export const CAROUSEL_STEPS = [20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95, 100] as const;
export type CarouselStep = (typeof CAROUSEL_STEPS)[number];

/** Below this width the slides stack as a plain list and the controls hide (stacked list on mobile). */
export const CAROUSEL_MIN_WIDTH = 960;
