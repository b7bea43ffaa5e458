/** Counts open menus and dialogs so the page stays locked until the last one closes (scroll locked while open). */
let locks = 0;

export function lockScroll(): () => void {
  if (locks === 0) {
    // Where scrollbars take space, hiding one would shift the page sideways: pad by its width instead.
    const gap = window.innerWidth - document.documentElement.clientWidth;
    document.documentElement.style.setProperty('--scroll-lock-gap', `${Math.max(0, gap)}px`);
  }
  locks++;
  document.body.classList.add('scroll-locked');
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks = Math.max(0, locks - 1);
    if (locks === 0) {
      document.body.classList.remove('scroll-locked');
      document.documentElement.style.removeProperty('--scroll-lock-gap');
    }
  };
}
