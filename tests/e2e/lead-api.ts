import type { Page, Request, Route } from '@playwright/test';

/** The endpoints the forms send to; tests answer them with page.route, nothing reaches the internet. */
export const IAM = 'https://iam.buildpad.example/api/v1';
export const SHEET = 'https://sheets.buildpad.example/api/enquiries';
export const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'content-type, accept', 'Access-Control-Allow-Methods': 'POST, OPTIONS' };

export type Reply = { status: number; body?: string } | 'abort' | 'hang';

/** Answers POSTs to `url` with `reply` (CORS preflights too) and records each body sent. */
export async function stub(page: Page, url: string, reply: Reply | (() => Reply)) {
  const bodies: unknown[] = [];
  await page.route(url, async (route: Route, request: Request) => {
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    bodies.push(request.postDataJSON());
    const r = typeof reply === 'function' ? reply() : reply;
    if (r === 'abort') return route.abort('internetdisconnected');
    if (r === 'hang') return; // never answered: the form's own time-out must end the wait
    return route.fulfill({ status: r.status, headers: { ...CORS, 'Content-Type': 'application/json' }, body: r.body ?? '' });
  });
  return bodies;
}
