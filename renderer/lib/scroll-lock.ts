import { pageState } from './page-state.ts';

/**
 * Counts open menus and dialogs so the page stays locked until the last one closes (scroll locked while open). The
 * shell's menus and the dialog blocks use different copies of this module; the count is the page's.
 */
const held = pageState('scroll-locks', () => ({ count: 0 }));

export function lockScroll(): () => void {
  const root = document.documentElement;
  // Where scrollbars take space, hiding one would shift the page sideways: pad by its width instead.
  if (!held.count++) root.style.setProperty('--scroll-lock-gap', `${Math.max(0, window.innerWidth - root.clientWidth)}px`);
  document.body.classList.add('scroll-locked');
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.count = Math.max(0, held.count - 1);
    if (!held.count) {
      document.body.classList.remove('scroll-locked');
      root.style.removeProperty('--scroll-lock-gap');
    }
  };
}
