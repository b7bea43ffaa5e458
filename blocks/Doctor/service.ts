/**
 * The identity-service check, shared by the block (./index.tsx) and its script (./script.ts), which runs it at load
 * before any framework: no React here.
 */

/** How long the identity-service check waits before calling it unreachable. */
export const IAM_CHECK_TIMEOUT_MS = 10_000;

export type ServiceState = { state: 'checking' } | { state: 'reachable'; status: number } | { state: 'unreachable' };

export function describeService(s: ServiceState): string {
  if (s.state === 'checking') return 'checking…';
  // Built from the state's name: the page's inline script carries this code, and the prerendered page must not
  // read as if it held a result ("reachable (status") before the check has run.
  if (s.state === 'reachable') return `${s.state} (status ${s.status})`;
  return 'unreachable';
}

/**
 * Asks `url` once. Any HTTP answer, even 404 or 500, proves the service is up; only a network failure or the
 * time-out does not. `signal` replaces the time-out (its owner times it out itself).
 */
export const checkService = (url: string, signal: AbortSignal = AbortSignal.timeout(IAM_CHECK_TIMEOUT_MS)): Promise<ServiceState> =>
  fetch(url, { method: 'GET', cache: 'no-store', credentials: 'omit', signal }).then(
    (res) => {
      // Only the status is wanted: a body left unread keeps the request open until the time-out aborts it.
      res.body?.cancel().catch(() => undefined);
      return { state: 'reachable', status: res.status };
    },
    () => ({ state: 'unreachable' }),
  );

/** The status element shows its state in `data-state` (and the HTTP status in `data-status`) for the styles and React. */
export function shownState(el: Element | null | undefined): ServiceState {
  const state = el?.getAttribute('data-state');
  const status = Number(el?.getAttribute('data-status'));
  if (state === 'reachable' && status) return { state, status };
  return state === 'unreachable' ? { state } : { state: 'checking' };
}
