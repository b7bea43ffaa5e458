/**
 * The funnel's beacons from the page (wire format: ./events.ts): one per page view, sent by the shell, and one per
 * form start, sent by the forms (renderer/forms/form-start.ts) through the same sendEvent. Nothing is kept in the
 * browser for counting: the service counts visitors by a hash it forgets with the day. Written for the fewest bytes:
 * the shell is inlined into every page.
 */
import { EVENTS_PATH } from './events.ts';
import { addSource, referrerOf, VISIT_VALUE_MAX } from './visit.ts';

/**
 * Posts one beacon to the page's own service and forgets it: sendBeacon, else (missing, or refusing it) fetch with
 * keepalive, which also outlives the page. Whatever fails, the page goes on as if nothing was sent.
 */
export function sendEvent(body: URLSearchParams): void {
  try {
    if (!navigator.sendBeacon?.(EVENTS_PATH, body)) fetch(EVENTS_PATH, { method: 'POST', keepalive: true, body }).catch(() => undefined);
  } catch {
    // No way to send: this event is simply not counted.
  }
}

/**
 * Counts this page view: its path, the other site that linked to it, the utm_ values of its address, whether it
 * begins a visit (no referrer from this site) and whether it is the not-found page, which the service counts under
 * one path whatever address was asked for. A page the
 * browser prerenders (Speculation Rules) counts when the visitor is shown it, or never; a prefetched page runs no
 * script, so it never counts.
 */
export function countView(notFound?: boolean): void {
  const send = () => {
    const from = referrerOf(window);
    const body = addSource(
      window,
      from,
      location.search,
      new URLSearchParams({ k: 'view', p: location.pathname.slice(0, VISIT_VALUE_MAX) }),
      /^utm_(source|medium|campaign)$/,
    );
    if (from?.origin !== location.origin) body.set('entry', '1');
    if (notFound) body.set('nf', '1');
    sendEvent(body);
  };
  // prerenderingchange comes once, when the prerendered page is shown.
  if ((document as Document & { prerendering?: boolean }).prerendering) document.addEventListener('prerenderingchange', send);
  else send();
}
