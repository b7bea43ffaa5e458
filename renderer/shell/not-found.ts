/**
 * The not-found screen shows a spinner until its picture has loaded (the picture is preloaded by the page's head),
 * then the message. Without scripts the message shows at once; "Go Back" needs the history, so it appears only here.
 */
export const IMAGE_WAIT_ATTRIBUTE = 'data-image-wait';
export const IMAGE_READY_ATTRIBUTE = 'data-image-ready';
export const BACK_ATTRIBUTE = 'data-history-back';

export function awaitNotFoundImage(doc: Document = document): void {
  const ready = doc.querySelector<HTMLElement>(`[${IMAGE_READY_ATTRIBUTE}]`);
  const wait = doc.querySelector<HTMLElement>(`[${IMAGE_WAIT_ATTRIBUTE}]`);
  const img = ready?.querySelector('img');
  if (!ready || !wait || !img) return;
  for (const back of ready.querySelectorAll<HTMLElement>(`[${BACK_ATTRIBUTE}]`)) {
    back.hidden = false;
    back.addEventListener('click', () => history.back());
  }
  if (img.complete) return;
  const show = () => {
    wait.hidden = true;
    ready.hidden = false;
  };
  wait.hidden = false;
  ready.hidden = true;
  // A missing picture must not hide the way out.
  img.addEventListener('load', show, { once: true });
  img.addEventListener('error', show, { once: true });
}
