/**
 * The back office at /admin/: staff sign-in, the leads inbox, staff and the audit log. One Hono app on the lead
 * service's database, served on the same origin and port as the site (scripts/serve.ts) or the lead service
 * alone (server/main.ts). Every page answers `Cache-Control: no-store` under a strict CSP, every state-changing
 * request must come from the service's own origin, and every right is checked here, per request.
 */
import { readFileSync } from 'node:fs';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { isUnavailable } from '../db.ts';
import { describeError } from '../log.ts';
import { ownOrigin } from '../origin.ts';
import { answersJson, needs, type BackOfficeEnv, type BackOfficeOptions } from './context.ts';
import { refusalPage } from './layout.tsx';
import { findSession, sessionCookieName } from './sessions.ts';
import { registerAuth } from './auth/routes.tsx';
import { registerPasskeys } from './passkeys/routes.ts';
import { WEBAUTHN_BUNDLE } from './passkeys/bundle.ts';
import { registerInbox } from './inbox/routes.tsx';
import { registerHistory } from './history/routes.tsx';
import { registerPages } from './pages/routes.tsx';
import { registerStats } from './stats/routes.tsx';

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const ASSET_TYPES: Record<string, string> = { css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8', svg: 'image/svg+xml' };
const ASSETS_DIR = new URL('./assets/', import.meta.url);

const defaultPeer = (c: Context): string | undefined => {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
};

/** The cookie header's value for `name`, undefined when absent. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

export function createBackOffice(options: BackOfficeOptions): Hono<BackOfficeEnv> {
  const o: BackOfficeOptions = { ...options, peerAddress: options.peerAddress ?? defaultPeer };
  const app = new Hono<BackOfficeEnv>({ strict: false });

  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', CSP);
    c.header('X-Frame-Options', 'DENY');
    c.header('X-Content-Type-Options', 'nosniff');
    // Invite links carry their token in the address: no page here tells another site where it came from. Not
    // 'no-referrer': under it Chromium sends `Origin: null` with a form's POST, which the Origin check below refuses.
    c.header('Referrer-Policy', 'same-origin');
    const origin = ownOrigin(c, o.trustedProxies ?? 0);
    c.set('origin', origin);
    c.set('secure', origin.startsWith('https:'));
    // CSRF: on top of SameSite=Strict, anything that changes state must come from this origin. A missing Origin is
    // refused as well: every browser sends one with a POST.
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) && c.req.header('origin') !== origin) {
      const message = 'This request came from another site, so it was refused. Open the back office itself and try again.';
      return answersJson(c) ? c.json({ message }, 403) : refusalPage(c, 403, message);
    }
    const secure = c.get('secure');
    const signedIn = await findSession(o.db, cookieValue(c.req.header('cookie'), sessionCookieName(secure)), (o.clock ?? Date.now)());
    if (signedIn) c.set('signedIn', signedIn);
    await next();
  });

  app.get('/admin/assets/:name', (c) => {
    const name = c.req.param('name');
    const ext = /^[a-z0-9-]+\.([a-z]+)$/.exec(name)?.[1];
    if (!ext || !ASSET_TYPES[ext]) return c.text('Not found.', 404);
    try {
      const body = readFileSync(name === 'webauthn.js' ? WEBAUTHN_BUNDLE : new URL(name, ASSETS_DIR));
      return c.body(body, 200, { 'Content-Type': ASSET_TYPES[ext] });
    } catch {
      return c.text('Not found.', 404);
    }
  });

  registerAuth(app, o);
  registerPasskeys(app, o);
  registerInbox(app, o);
  registerHistory(app, o);
  registerPages(app, o);
  registerStats(app, o);

  // The back office's home: the first screen the role may use.
  app.get('/admin', needs(undefined, refusalPage), (c) => {
    const role = c.get('signedIn')!.staff.role;
    return c.redirect(role === 'editor' ? '/admin/pages' : '/admin/leads', 303);
  });

  app.notFound((c) => (answersJson(c) ? c.json({ message: 'Nothing here.' }, 404) : refusalPage(c, 404, 'There is no page at this address.')));
  app.onError((e, c) => {
    if (isUnavailable(e)) {
      const message = 'The back office cannot reach its database right now. Please try again in a moment.';
      return answersJson(c) ? c.json({ message }, 503) : refusalPage(c, 503, message);
    }
    console.error(`[admin] unexpected error in ${c.req.method} ${c.req.routePath}: ${describeError(e)}`);
    const message = 'Something went wrong on the server. Please try again.';
    return answersJson(c) ? c.json({ message }, 500) : refusalPage(c, 500, message);
  });
  return app;
}
