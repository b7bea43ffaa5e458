/** Counts open menus and dialogs so the page stays locked until the last one closes (spec: scroll locked while open). */
let locks = 0;

export function lockScroll(): () => void {
  locks++;
  document.body.classList.add('scroll-locked');
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks = Math.max(0, locks - 1);
    if (locks === 0) document.body.classList.remove('scroll-locked');
  };
}
