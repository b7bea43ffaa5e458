import { afterFirstPaint } from '../lib/after-paint.ts';

/**
 * Asks for the islands loader once the page has painted: its request and its work then never hold up the first
 * paint or the hero's picture. Should the request fail,
 * the next press or key on the page asks again, at a fresh address, since the browser remembers a failed module.
 */
export function loadIslandsLoader(view: Window, url: string): void {
  let attempt = 0;
  const load = () => {
    const address = attempt ? `${url}?retry=${attempt}` : url;
    attempt++;
    import(/* @vite-ignore */ address).catch((error: unknown) => {
      console.error(error);
      const retry = () => {
        view.removeEventListener('pointerdown', retry, true);
        view.removeEventListener('keydown', retry, true);
        load();
      };
      view.addEventListener('pointerdown', retry, true);
      view.addEventListener('keydown', retry, true);
    });
  };
  afterFirstPaint(load, view);
}
