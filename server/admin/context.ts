/** What every back-office route shares: its options, its request variables and the guards that check rights. */
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db.ts';
import type { LeadForm } from '../forms.ts';
import type { Publishing } from '../publish/types.ts';
import type { SiteRoutes } from '../stats/ingest.ts';
import { can, type Action } from './roles.ts';
import type { SignedIn } from './sessions.ts';

export interface BackOfficeOptions {
  db: Db;
  /** The key for client-address hashes (the lead service's). */
  hashSecret: string;
  forms: Map<string, LeadForm>;
  /** Proxy hops in front of the server whose X-Forwarded-* headers are believed. */
  trustedProxies?: number;
  /** True when SITEWRIGHT_SMTP_URL is set, so new leads send notification emails. */
  notificationsOn?: boolean;
  /** Wakes the mailer after notification emails were queued (a lead marked "Not spam"). */
  onQueued?: () => void;
  /** Set when SITEWRIGHT_LEAD_WEBHOOK is: a lead marked "Not spam" gets its webhook copy then, and the worker is woken. */
  webhook?: { onQueued?: () => void };
  /** The routes of the site being served, so a lead taken out of spam is counted under its page as a new one is. */
  siteRoutes?: () => SiteRoutes | undefined;
  /** The connection's peer; defaults to the socket's. Tests inject one. */
  peerAddress?: (c: Context) => string | undefined;
  clock?: () => number;
  /** Publishing from the browser (the editor at /admin/pages, history, preview links); absent in tests that need none. */
  publishing?: Publishing;
  /** Why publishing is off (its start failed), in words for the Pages screen; credentials already removed. */
  publishingOff?: string;
}

export type BackOfficeEnv = {
  Variables: {
    /** The signed-in staff member, when the request carries a live session. */
    signedIn?: SignedIn;
    /** The service's own origin as the browser sees it (scheme and host). */
    origin: string;
    /** True when that origin is HTTPS (the session cookie is then `__Host-` and Secure). */
    secure: boolean;
  };
};
export type BackOfficeContext = Context<BackOfficeEnv>;

/** Requests under /admin/api/ (and the editor's, /admin/pages/api/) are JSON APIs; everything else is a page. */
export const isApiPath = (path: string) => path === '/admin/api' || path.startsWith('/admin/api/') || path.startsWith('/admin/pages/api/');

/** Answered in JSON: the API, and any request that asks for JSON rather than a page (a script's fetch). */
export function answersJson(c: Context): boolean {
  if (isApiPath(c.req.path)) return true;
  const accept = c.req.header('accept') ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

/**
 * Lets the request on only for a signed-in person whose role has `action`: otherwise 401 (JSON for the API) or a
 * redirect to sign-in (pages) when signed out, and 403 when signed in without the right.
 */
export function needs(
  action: Action | undefined,
  refuse: (c: BackOfficeContext, status: 403, message: string) => Response | Promise<Response>,
): MiddlewareHandler<BackOfficeEnv> {
  return async (c, next) => {
    const who = c.get('signedIn');
    if (!who) {
      if (answersJson(c)) return c.json({ message: 'Sign in to use the back office.' }, 401);
      const url = new URL(c.req.url);
      const back = c.req.method === 'GET' ? `?next=${encodeURIComponent(url.pathname + url.search)}` : '';
      return c.redirect(`/admin/sign-in${back}`, 303);
    }
    if (action && !can(who.staff.role, action)) return refuse(c, 403, 'Your role does not allow this. Ask an owner if you need it.');
    await next();
  };
}
