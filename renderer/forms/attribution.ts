/**
 * The Sitewright-Attribution header: the page the form is on and the visit the tab recorded (renderer/shell/visit.ts),
 * URL-encoded. Sent to the site's own service only: the JSON payload stays exactly as the form file says, and an
 * external endpoint gets nothing it did not ask for (nor a preflight its CORS may not answer).
 */
import { VISIT_KEY, VISIT_VALUE_MAX } from '../shell/visit.ts';

export const ATTRIBUTION_HEADER = 'Sitewright-Attribution';

/** The visit the tab recorded, or an empty one when storage is blocked or nothing was recorded. */
export function recordedVisit(view: Window): URLSearchParams {
  try {
    return new URLSearchParams(view.sessionStorage.getItem(VISIT_KEY) ?? '');
  } catch {
    return new URLSearchParams();
  }
}

/** Whether a form posted to `url` goes to the site's own service: the origin of the page `view` shows. */
export function toOwnService(url: string, view: Window): boolean {
  try {
    return new URL(url, view.location.origin).origin === view.location.origin;
  } catch {
    return false;
  }
}

/** The header for a form posted to `url` from the page `view` shows; none for another origin. */
export function attributionHeaders(url: string, view: Window | undefined): Record<string, string> {
  if (!view || !toOwnService(url, view)) return {};
  const value = new URLSearchParams({ page: view.location.pathname.slice(0, VISIT_VALUE_MAX) });
  for (const [key, v] of recordedVisit(view)) if (key !== 'page') value.set(key, v);
  return { [ATTRIBUTION_HEADER]: String(value) };
}
