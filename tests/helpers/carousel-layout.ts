/**
 * jsdom has no layout engine and no matchMedia, so Swiper would measure every slide as 0px wide and never move.
 * This stands in for what the browser computes from renderer/ui/carousel.module.css: a carousel `width` px wide,
 * each slide `step`% of it, the last followed by the rest of the width. Call the returned function to undo it.
 */
export function stubCarouselLayout({ width = 1000, wide = true }: { width?: number; wide?: boolean } = {}): () => void {
  const originalMatchMedia = window.matchMedia;
  const originalGetComputedStyle = window.getComputedStyle;
  const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');

  window.matchMedia = (query: string) =>
    ({
      matches: wide && /min-width/.test(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;

  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('swiper') ? width : 0;
    },
  });

  window.getComputedStyle = (el: Element, pseudo?: string | null) => {
    const real = originalGetComputedStyle.call(window, el, pseudo);
    if (!(el instanceof HTMLElement) || !el.classList.contains('swiper-slide')) return real;
    const step = Number(/\bstep-(\d+)\b/.exec(el.closest('.swiper')?.className ?? '')?.[1] ?? 100) / 100;
    const last = el.nextElementSibling === null;
    const values: Record<string, string> = {
      width: `${width * step}px`,
      'margin-right': last ? `${width * (1 - step)}px` : '0px',
      'box-sizing': 'border-box',
    };
    return new Proxy(real, {
      get(target, prop) {
        if (prop === 'getPropertyValue') return (name: string) => values[name] ?? target.getPropertyValue(name);
        const v = Reflect.get(target, prop) as unknown;
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
  };

  return () => {
    window.matchMedia = originalMatchMedia;
    window.getComputedStyle = originalGetComputedStyle;
    if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
  };
}

/** Swiper's script loads on demand; waits until it has taken over the carousel. */
export async function swiperReady(): Promise<void> {
  const { waitFor } = await import('@testing-library/react');
  await waitFor(() => {
    if (!document.querySelector('.swiper-initialized')) throw new Error('Swiper has not started on the carousel');
  });
}
