/**
 * The lead service as a Web-standard fetch handler (Hono), mounted at /api/v1. The same app runs under
 * Node (server/node.ts) and in tests through app.request(); it owns no sockets, timers or files.
 */
import { randomUUID, createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Db } from './db.ts';
import { isUnavailable } from './db.ts';
import { checkSubmission, loadLeadForms, type FieldError, type LeadForm } from './forms.ts';
import { fieldOf, type Mapping } from './payload.ts';
import { buildPayload, readPosted } from './posted.ts';
import { plainAnswer } from './answer.ts';
import type { FormAnswer } from '../renderer/forms/answer.ts';
import { clientAddress, hashAddress, rateLimitBucket } from './client.ts';
import { DbRateLimiter, FailureThrottle } from './rate-limit.ts';
import { ATTRIBUTION_HEADER, attributionValue, parseAttribution, type Attribution } from './attribution.ts';
import { adminTokenProblem, bearerMatches } from './auth.ts';
import { describeError } from './log.ts';
import { ownOrigin } from './origin.ts';
import { deleteByEmail, insertLead, leadFilterFrom, listLeads, pendingOutbox } from './store.ts';
import { createStaffSocketRoutes } from './admin/auth/staff-socket.ts';
import { EVENT_BODY_MAX } from '../renderer/shell/events.ts';
import { StatsAggregator } from './stats/aggregator.ts';
import { isBot, isEventType, readBeacon, REFUSALS, type SiteRoutes } from './stats/ingest.ts';
import { statsReport } from './stats/queries.ts';
import { dayRangeProblem } from './stats/range.ts';

export const BASE = '/api/v1';
export const MAX_BODY_BYTES = 32 * 1024;
export const HONEYPOT_KEY = 'website';
const ALLOWED_HEADERS = `content-type, accept, idempotency-key, ${ATTRIBUTION_HEADER}`;

export interface LeadAppOptions {
  db: Db;
  hashSecret: string;
  forms?: Map<string, LeadForm>;
  /** Submissions per minute per client and form; 0 = off. */
  rateLimit?: number;
  /** Proxy hops in front of the server whose X-Forwarded-For entries are believed. */
  trustedProxies?: number;
  /** Other origins whose pages may post here (CORS). */
  allowedOrigins?: string[];
  /** Enables GET /api/v1/admin/leads. */
  adminToken?: string;
  /** Queue each lead for the webhook (SITEWRIGHT_LEAD_WEBHOOK set); `onQueued` wakes the worker. */
  webhook?: { onQueued?: () => void };
  /** Queue each new lead's notification emails (SITEWRIGHT_SMTP_URL set); `onQueued` wakes the mailer. */
  notifications?: { onQueued?: () => void };
  /**
   * The site's page answering a form the browser posted itself (no JavaScript), rendered with the answer; undefined
   * when the site has no such page here, and then the answer is a plain page of the service's own (server/answer.ts).
   */
  answerPage?: (route: string, answer: FormAnswer) => Promise<string | undefined>;
  /**
   * Counts the accepted beacons of POST /api/v1/events in batches (server/node.ts starts one and closes it). Without
   * it each beacon is written before it is answered.
   */
  stats?: StatsAggregator;
  /** The live site's routes, when this service serves the site: a page view of any other address counts as the not-found page. */
  siteRoutes?: () => SiteRoutes | undefined;
  /** The connection's peer; defaults to @hono/node-server's socket. Tests inject one. */
  peerAddress?: (c: Context) => string | undefined;
  clock?: () => number;
}

/** What the visitor is told on success; the contact form shows it as it is. */
export const SUCCESS_MESSAGES: Readonly<Record<string, string>> = {
  contact: 'Message sent successfully! We will get back to you soon.',
  'demo-lead': 'Thank you for booking a demo. Our sales team will reach out soon.',
  waitlist: 'You are on the waitlist. We will be in touch soon.',
  enquiry: 'Thank you for your message. We will reach out soon.',
};
const successMessage = (form: string) => SUCCESS_MESSAGES[form] ?? 'Thank you! We received your submission.';

export const UNAVAILABLE_MESSAGE = 'The lead service cannot reach its database right now. Please try again in a moment.';

const defaultPeer = (c: Context): string | undefined => {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
};

/** Idempotency-Key: 1–255 printable ASCII characters; a structured-header string's quotes are accepted too. */
export function parseIdempotencyKey(header: string | undefined): string | undefined | null {
  if (header === undefined) return undefined;
  const v = header.trim().replace(/^"(.*)"$/, '$1');
  return /^[\x20-\x7e]{1,255}$/.test(v) && v.trim() !== '' ? v : null;
}

/** True for application/json with or without parameters such as charset. */
export function isJsonType(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0].trim().toLowerCase() === 'application/json';
}

/** Reads the body, stopping as soon as it passes `max` bytes (a missing or lying Content-Length included). */
export async function readLimited(req: Request, max: number): Promise<Uint8Array | 'too-large'> {
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** True for the type a browser posts a form in by itself. */
export function isFormType(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0].trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

type ReadForm = { body: URLSearchParams } | { status: 400 | 413; message: string };

/** A form the browser posted itself, or the status and message refusing it: 413 size, 400 unreadable or unstorable text. */
export async function readFormBody(req: Request): Promise<ReadForm> {
  const tooLarge = { status: 413, message: `What you sent is larger than ${MAX_BODY_BYTES / 1024} KB. Please shorten it and send it again.` } as const;
  if (Number(req.headers.get('content-length')) > MAX_BODY_BYTES) return tooLarge;
  const bytes = await readLimited(req, MAX_BODY_BYTES);
  if (bytes === 'too-large') return tooLarge;
  let body: URLSearchParams;
  try {
    body = new URLSearchParams(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { status: 400, message: 'What you sent could not be read. Please send the form again.' };
  }
  for (const [k, v] of body)
    if (unstorableText(k) || unstorableText(v)) return { status: 400, message: 'What you sent contains a character that cannot be stored.' };
  return { body };
}

/** The service's errors (by payload key) as messages by form field, in the form's own order. */
function errorsByField(form: LeadForm, errors: FieldError[]): Record<string, string> {
  const mapping = form.config.submit.payload as Mapping;
  const byField = new Map(errors.map((e) => [fieldOf(mapping[e.field] ?? e.field) ?? e.field, e.message]));
  const order = [...(form.config.order ?? []), ...Object.keys(form.config.schema.properties)];
  return Object.fromEntries([...new Set(order)].filter((f) => byField.has(f)).map((f) => [f, byField.get(f)!]));
}

/** A honeypot counts as filled with any value but nothing or blank text. */
export function honeypotFilled(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
}

type ReadBody = { body: Record<string, unknown> } | { status: 400 | 413 | 415; message: string };

/** The request's JSON object, or the status and message refusing it: 415 type, 413 size, 400 syntax. */
export async function readJsonObject(req: Request): Promise<ReadBody> {
  if (!isJsonType(req.headers.get('content-type') ?? undefined)) return { status: 415, message: 'Send the form as application/json.' };
  const tooLarge = { status: 413, message: `The submission is larger than ${MAX_BODY_BYTES / 1024} KB.` } as const;
  if (Number(req.headers.get('content-length')) > MAX_BODY_BYTES) return tooLarge;
  const bytes = await readLimited(req, MAX_BODY_BYTES);
  if (bytes === 'too-large') return tooLarge;
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { status: 400, message: 'The submission is not valid JSON.' };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { status: 400, message: 'The submission must be a JSON object.' };
  const bad = unstorableKey(body);
  if (bad !== undefined) {
    const where = /^[\w-]{1,64}$/.test(bad) ? ` (in "${bad}")` : '';
    return { status: 400, message: `The submission contains a character that cannot be stored${where}: a NUL (U+0000) or half of a surrogate pair.` };
  }
  return { body: body as Record<string, unknown> };
}

/** True for text PostgreSQL refuses in text and jsonb: a NUL, or a lone surrogate (JSON "\ud800" parses into one). */
export function unstorableText(s: string): boolean {
  return s.includes('\u0000') || LONE_SURROGATE.test(s);
}
// A high surrogate not followed by a low one, or a low one not preceded by a high one (String.isWellFormed, before ES2024).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The top-level key under which the parsed body holds unstorable text, in a key or a value at any depth; undefined
 * when there is none. Refused before the database, which would fail with the text in its error message.
 */
export function unstorableKey(body: object): string | undefined {
  // A loop, not recursion: 32 KB of "[[[[…" nests deeper than the call stack goes.
  const bad = (value: unknown): boolean => {
    const todo = [value];
    while (todo.length) {
      const v = todo.pop();
      if (typeof v === 'string' && unstorableText(v)) return true;
      if (v !== null && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          if (unstorableText(k)) return true;
          todo.push(x);
        }
    }
    return false;
  };
  return Object.entries(body).find(([k, v]) => unstorableText(k) || bad(v))?.[0];
}

/** The list's filters from the query; spam is left out unless `spam=1`. */
const leadFilter = (c: Context) => {
  const f = leadFilterFrom(c.req.query('form') || undefined, c.req.query('since') || undefined);
  return typeof f === 'string' ? f : { ...f, spam: c.req.query('spam') === '1' };
};

/**
 * The admin operations without authentication, for the local Unix socket only (see server/node.ts). `stats` is the
 * running service's aggregator: written out before the funnel is read, so a beacon acknowledged is in the report.
 */
export function createAdminApp(db: Db, origin?: () => string | undefined, stats?: Pick<StatsAggregator, 'flushOrThrow'>): Hono {
  const app = new Hono();
  app.get('/stats', async (c) => {
    const range = { from: c.req.query('from') ?? '', to: c.req.query('to') ?? '' };
    const problem = dayRangeProblem(range);
    if (problem) return c.json({ message: problem }, 400);
    await stats?.flushOrThrow();
    return c.json({ message: 'stats', report: await statsReport(db, range) });
  });
  app.get('/leads', async (c) => {
    const f = leadFilter(c);
    if (typeof f === 'string') return c.json({ message: f }, 400);
    const leads = await listLeads(db, f);
    return c.json({ message: `${leads.length} leads`, leads });
  });
  app.post('/delete', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { email?: unknown };
    if (typeof body.email !== 'string' || !body.email.trim() || unstorableText(body.email)) return c.json({ message: 'Send {"email": "…"}.' }, 400);
    const deleted = await deleteByEmail(db, body.email);
    return c.json({ message: `${deleted} leads deleted`, deleted });
  });
  app.get('/outbox', async (c) => {
    const pending = await pendingOutbox(db);
    return c.json({ message: `${pending.length} pending deliveries`, pending });
  });
  app.route('/', createStaffSocketRoutes(db, origin));
  app.onError((e, c) => c.json({ message: isUnavailable(e) ? UNAVAILABLE_MESSAGE : e.message }, isUnavailable(e) ? 503 : 500));
  return app;
}

export function createLeadApp(options: LeadAppOptions): Hono {
  const { db } = options;
  const tokenProblem = adminTokenProblem(options.adminToken);
  if (tokenProblem) throw new Error(tokenProblem);
  const forms = options.forms ?? loadLeadForms();
  const limiter = new DbRateLimiter(db, options.rateLimit ?? 20, 60_000, options.clock);
  const adminFailures = new FailureThrottle(10, 15 * 60_000, options.clock);
  const allowed = new Set(options.allowedOrigins ?? []);
  const trusted = options.trustedProxies ?? 0;
  const peerOf = options.peerAddress ?? defaultPeer;
  const stats = options.stats ?? new StatsAggregator({ db, clock: options.clock, writeThrough: true });

  // strict: false: "/api/v1/" and "/api/v1" are the same address (an iamService setting may end with a slash).
  const api = new Hono({ strict: false });

  // Origin policy first: listed origins get CORS headers; any other foreign origin may not post.
  api.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    c.header('Vary', 'Origin');
    const origin = c.req.header('origin');
    const listed = origin !== undefined && allowed.has(origin);
    if (listed) c.header('Access-Control-Allow-Origin', origin);
    if (c.req.method === 'OPTIONS') {
      if (!listed) return c.json({ message: 'This origin may not call the lead service.' }, 403);
      c.header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      c.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      c.header('Access-Control-Max-Age', '600');
      return c.body(null, 204);
    }
    if (origin !== undefined && !listed && c.req.method !== 'GET' && c.req.method !== 'HEAD' && origin !== ownOrigin(c, trusted))
      return c.json({ message: c.req.path.endsWith('/events') ? REFUSALS.origin.message : 'Submissions from other sites are not accepted.' }, 403);
    await next();
  });

  api.get('/', (c) => c.json({ message: 'Sitewright lead service', forms: [...forms.values()].map((f) => ({ form: f.id, path: `${BASE}${f.path}` })) }));

  api.get('/health', async (c) => {
    try {
      await db.query('SELECT 1');
      return c.json({ message: 'ok', database: db.kind });
    } catch {
      return c.json({ message: UNAVAILABLE_MESSAGE, database: db.kind }, 503);
    }
  });

  api.get('/admin/leads', async (c) => {
    if (!options.adminToken) return c.json({ message: 'Not found.' }, 404);
    // Checked before the token, so that a client past its failures learns nothing, not even from the right one.
    const client = rateLimitBucket(clientAddress(peerOf(c) ?? 'unknown', c.req.header('x-forwarded-for'), trusted));
    const wait = adminFailures.retryAfterSeconds(client);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return c.json({ message: `Too many failed admin tokens. Please wait ${wait} seconds and try again.`, retryAfterSeconds: wait }, 429);
    }
    if (!bearerMatches(c.req.header('authorization'), options.adminToken)) {
      if (adminFailures.fail(client))
        console.warn(
          `[leads] admin API: ${adminFailures.limit} failed tokens from one client (address hash ${hashAddress(client, options.hashSecret).slice(0, 12)}) within ${adminFailures.windowMs / 60_000} minutes; refusing it for up to ${adminFailures.windowMs / 60_000} minutes`,
        );
      c.header('WWW-Authenticate', 'Bearer');
      return c.json({ message: 'A valid admin token is required.' }, 401);
    }
    const f = leadFilter(c);
    if (typeof f === 'string') return c.json({ message: f }, 400);
    const leads = await listLeads(db, f);
    return c.json({ message: `${leads.length} leads`, leads });
  });

  /**
   * A beacon of the site's pages (renderer/shell/events.ts): a page view or a form start. Checked whole, then answered
   * 204 at once; the counting is batched (server/stats/aggregator.ts). A bot is answered the same and not counted.
   */
  api.post('/events', async (c) => {
    // No Origin at all is not a page of the site: browsers send one with every beacon.
    if (c.req.header('origin') === undefined) return c.json({ message: REFUSALS.origin.message }, 403);
    if (!isEventType(c.req.header('content-type'))) return c.json({ message: REFUSALS.type.message }, 415);
    if (Number(c.req.header('content-length')) > EVENT_BODY_MAX) return c.json({ message: REFUSALS.size.message }, 413);
    const bytes = await readLimited(c.req.raw, EVENT_BODY_MAX);
    if (bytes === 'too-large') return c.json({ message: REFUSALS.size.message }, 413);
    const beacon = readBeacon(bytes);
    if ('status' in beacon) return c.json({ message: beacon.message }, beacon.status);
    if (beacon.kind === 'start' && ![...forms.values()].some((f) => f.id === beacon.form)) return c.json({ message: REFUSALS.form.message }, 400);
    const userAgent = c.req.header('user-agent') ?? '';
    if (isBot(userAgent)) return c.body(null, 204);
    const address = clientAddress(peerOf(c) ?? 'unknown', c.req.header('x-forwarded-for'), trusted);
    await stats.record(beacon, { address, userAgent }, options.siteRoutes?.());
    return c.body(null, 204);
  });
  api.all('/events', (c) => {
    c.header('Allow', 'POST, OPTIONS');
    return c.json({ message: `Use POST for ${BASE}/events.` }, 405);
  });

  const store = (
    form: LeadForm,
    payload: Record<string, unknown>,
    address: string,
    idempotency: { key: string; fingerprint: string } | undefined,
    extra: { attribution: Attribution; spam?: string },
  ) =>
    insertLead(db, {
      form: form.id,
      payload,
      clientHash: hashAddress(address, options.hashSecret),
      idempotency: idempotency && { key: idempotency.key, fingerprint: createHash('sha256').update(idempotency.fingerprint).digest('hex') },
      outbox: options.webhook !== undefined,
      notify: options.notifications ? { forms } : undefined,
      message: successMessage(form.id),
      ...extra,
      siteRoutes: options.siteRoutes?.(),
    });

  /**
   * A form posted by the browser itself: read as the page would have sent it, checked and stored the same way, and
   * answered with a page of the site: the form again with what was sent and a message under each field in error
   * (422), or the form's success and its next step.
   */
  const answerNative = async (c: Context, form: LeadForm, address: string) => {
    const page = (status: number, html: string) => c.html(html, status as 200);
    const read = await readFormBody(c.req.raw);
    if ('status' in read) return page(read.status, plainAnswer(form.config, { form: form.id, values: {}, errors: {} }, read.message));
    const posted = readPosted(form.id, form.config, read.body, HONEYPOT_KEY);
    const answer = async (route: string | undefined, a: FormAnswer, status: number) =>
      page(status, (route && (await options.answerPage?.(route, a))) || plainAnswer(form.config, a));
    const then = form.config.submit.onSuccess;
    const succeeded = async () => {
      const text = then.notice?.useResponseMessage ? successMessage(form.id) : (then.notice?.text ?? successMessage(form.id));
      const next = then.goTo?.startsWith('/') ? then.goTo : undefined;
      const stored = then.store
        ? { [then.store.key]: Object.fromEntries(then.store.fields.filter((k) => k in payload).map((k) => [k, payload[k]])) }
        : undefined;
      return answer(next ?? posted.page, { form: form.id, values: then.reset || next ? {} : posted.values, errors: {}, notice: text, store: stored }, 200);
    };
    const payload = buildPayload(form.config.submit.payload, posted.values);
    // Without JavaScript there is no recorded visit: the page the form was on is all that is known.
    const pagePath = posted.page === undefined ? undefined : attributionValue('page', posted.page);
    const attribution: Attribution = pagePath === undefined ? {} : { page: pagePath };
    const checked = checkSubmission(form, payload);
    if (honeypotFilled(posted.trap)) {
      // A bot is thanked like anyone, and its submission kept as spam for review, as it would be stored if it passes.
      await store(form, checked.ok ? checked.stored : payload, address, undefined, { attribution, spam: 'honeypot' });
      return succeeded();
    }
    if (!checked.ok) return answer(posted.page, { form: form.id, values: posted.values, errors: errorsByField(form, checked.errors) }, 422);
    await store(form, checked.stored, address, undefined, { attribution });
    options.webhook?.onQueued?.();
    options.notifications?.onQueued?.();
    return succeeded();
  };

  for (const { path } of forms.values()) {
    api.post(path, async (c) => {
      // The form as the live site has it now: publishing reloads the Map in place, so a changed form's rules apply at once.
      const form = forms.get(path);
      if (!form) return c.json({ message: `Nothing here: POST ${BASE}${path}.` }, 404);
      const address = clientAddress(peerOf(c) ?? 'unknown', c.req.header('x-forwarded-for'), trusted);
      // The bucket is a keyed hash: the database keeps no client address.
      const rate = await limiter.take(`${form.id}:${hashAddress(rateLimitBucket(address), options.hashSecret)}`);
      if (!rate.allowed) {
        c.header('Retry-After', String(rate.retryAfterSeconds));
        if (isFormType(c.req.header('content-type')))
          return c.html(
            plainAnswer(
              form.config,
              { form: form.id, values: {}, errors: {} },
              `You have sent this form several times in a short while. Please wait ${rate.retryAfterSeconds} seconds and try again.`,
            ),
            429,
          );
        return c.json(
          { message: `Too many submissions. Please wait ${rate.retryAfterSeconds} seconds and try again.`, retryAfterSeconds: rate.retryAfterSeconds },
          429,
        );
      }
      // A form the browser posted itself is answered with a page, not JSON.
      if (isFormType(c.req.header('content-type'))) return answerNative(c, form, address);
      const parsed = await readJsonObject(c.req.raw);
      if ('status' in parsed) return c.json({ message: parsed.message }, parsed.status);
      const key = parseIdempotencyKey(c.req.header('idempotency-key'));
      if (key === null) return c.json({ message: 'Idempotency-Key must be 1 to 255 printable characters.' }, 400);

      const attribution = parseAttribution(c.req.header(ATTRIBUTION_HEADER));
      const checked = checkSubmission(form, parsed.body);

      // A filled honeypot is a bot: it is told "success" so it learns nothing, and what it sent is kept as spam for
      // review (as a real lead would be stored when it passes the form's checks, else as sent, without the trap).
      if (honeypotFilled(parsed.body[HONEYPOT_KEY])) {
        const sent = Object.fromEntries(Object.entries(parsed.body).filter(([k]) => k !== HONEYPOT_KEY));
        const payload = checked.ok ? checked.stored : sent;
        const fingerprint = checked.ok ? checked.fingerprint : JSON.stringify(sent);
        const outcome = await store(form, payload, address, key === undefined ? undefined : { key, fingerprint }, { attribution, spam: 'honeypot' });
        if (outcome.kind === 'mismatch') return c.json({ message: successMessage(form.id), id: randomUUID() }, 201);
        return c.json(outcome.answer.body, outcome.answer.status as 201);
      }

      if (!checked.ok) return c.json({ message: 'Please correct the highlighted fields.', errors: checked.errors }, 422);

      const outcome = await store(form, checked.stored, address, key === undefined ? undefined : { key, fingerprint: checked.fingerprint }, { attribution });
      if (outcome.kind === 'mismatch') return c.json({ message: 'This Idempotency-Key was already used for a different submission.' }, 422);
      if (outcome.kind === 'replay') c.header('Idempotent-Replayed', 'true');
      else {
        options.webhook?.onQueued?.();
        options.notifications?.onQueued?.();
      }
      return c.json(outcome.answer.body, outcome.answer.status as 201);
    });
    api.all(path, (c) => {
      c.header('Allow', 'POST, OPTIONS');
      return c.json({ message: `Use POST for ${BASE}${path}.` }, 405);
    });
  }
  for (const path of ['/', '/health', '/admin/leads'])
    api.all(path, (c) => {
      c.header('Allow', 'GET, HEAD');
      return c.json({ message: `Use GET for ${BASE}${path === '/' ? '' : path}.` }, 405);
    });

  const app = new Hono({ strict: false });
  app.route(BASE, api);
  app.notFound((c) => c.json({ message: `Nothing here: ${c.req.method} ${new URL(c.req.url).pathname}.` }, 404));
  app.onError((e, c) => {
    if (isUnavailable(e)) return c.json({ message: UNAVAILABLE_MESSAGE }, 503);
    // Never the error's message: a driver's holds the submission ("Failing row contains …").
    console.error(`[leads] unexpected error in ${c.req.method} ${c.req.routePath}: ${describeError(e)}`);
    return c.json({ message: 'The lead service failed unexpectedly. Please try again.' }, 500);
  });
  return app;
}
