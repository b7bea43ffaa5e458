/**
 * Runs `fn` once, after the page's first frame has painted, so that work never competes with what the visitor sees
 * first. A hidden tab paints nothing: a timer runs it there.
 */
export function afterFirstPaint(fn: () => void, view: Window = window): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  view.requestAnimationFrame(() => view.setTimeout(run));
  view.setTimeout(run, 1000);
}
