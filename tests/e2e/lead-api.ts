import type { Page, Request, Route } from '@playwright/test';

/**
 * The endpoints the forms send to: the built-in lead service on the site's own origin (site.json iamService
 * "/api/v1"). page.route answers before a request reaches the server, so these stubs play an outside or failing
 * service; tests of the real service do not stub.
 */
export const IAM = '**/api/v1';
/** The legacy enquiry, once sent to a spreadsheet API, now goes to the same service. */
export const SHEET = `${IAM}/enquiries`;
export const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'content-type, accept',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export type Reply = { status: number; body?: string; headers?: Record<string, string> } | 'abort' | 'hang';

/** What the stub saw: each body sent and the Idempotency-Key header that came with it (undefined when none). */
export interface Recorded {
  bodies: unknown[];
  keys: (string | undefined)[];
}

/** Answers POSTs to `url` with `reply` (CORS preflights too) and records each body and Idempotency-Key sent. */
export async function record(page: Page, url: string, reply: Reply | (() => Reply)): Promise<Recorded> {
  const seen: Recorded = { bodies: [], keys: [] };
  await page.route(url, async (route: Route, request: Request) => {
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    seen.bodies.push(request.postDataJSON());
    seen.keys.push((await request.allHeaders())['idempotency-key']);
    const r = typeof reply === 'function' ? reply() : reply;
    if (r === 'abort') return route.abort('internetdisconnected');
    if (r === 'hang') return; // never answered: the form's own time-out must end the wait
    return route.fulfill({ status: r.status, headers: { ...CORS, 'Content-Type': 'application/json', ...r.headers }, body: r.body ?? '' });
  });
  return seen;
}

/** Answers POSTs to `url` with `reply` (CORS preflights too) and records each body sent. */
export async function stub(page: Page, url: string, reply: Reply | (() => Reply)) {
  return (await record(page, url, reply)).bodies;
}
