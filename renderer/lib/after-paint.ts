/**
 * Runs `fn` once, after the page's first frame is on screen, so that work never competes with what the visitor sees
 * first. The browser's paint timing says when that is (its entry comes once the frame has been presented, which can
 * be well after the animation frame that produced it); where it has none, the task after the first animation frame.
 * A hidden tab paints nothing: a timer runs it there.
 */
export function afterFirstPaint(fn: () => void, view: Window = window): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    fn();
  };
  const Observer = (view as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  // The build's inline shell runs only in browsers with popovers, which all have paint timing.
  if (typeof SITEWRIGHT_SHELL_GATE === 'boolean' || Observer?.supportedEntryTypes?.includes('paint')) {
    observer = new Observer!(run);
    observer.observe({ type: 'paint', buffered: true });
  } else {
    view.requestAnimationFrame(() => view.setTimeout(run));
  }
  view.setTimeout(run, 1000);
}
