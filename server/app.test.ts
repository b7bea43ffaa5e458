// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { format } from 'node:util';
import type { Context } from 'hono';
import { createLeadApp, SUCCESS_MESSAGES, type LeadAppOptions } from './app.ts';
import { DbUnavailableError, type Db } from './db.ts';
import { hashAddress } from './client.ts';
import { backends, truncateAll } from './test-backends.ts';

// Opening a PGlite database takes seconds, longer when test files run in parallel on two cores.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const SECRET = 'test-secret';
const PEER = '203.0.113.7';
const peerAddress = (c: Context) => c.req.header('x-test-peer') ?? PEER;

export const VALID = {
  contact: {
    path: '/inquiries/contact-us',
    body: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', description: 'Please call me about a quote.' },
  },
  'demo-lead': {
    path: '/leads/request',
    body: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', businessName: 'Navy Yard', phone: '+1 306 555 1234' },
  },
  waitlist: {
    path: '/waitlist/add',
    body: {
      firstName: 'Chinua',
      lastName: 'Achebe',
      email: 'chinua@example.com',
      phoneNumber: '13065551234',
      residentCountry: 'Canada',
      buildCountry: 'Nigeria',
      purpose: 'New Build',
      comment: 'Four bedrooms',
    },
  },
  enquiry: {
    path: '/enquiries',
    body: { firstname: 'Wole', lastname: 'Soyinka', email: 'wole@example.com', message: 'When can you start?', timestamp: '2026-11-24T10:00:00.000Z' },
  },
} as const;

describe.each(backends())('lead service on $name', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await backend.open());
  });
  afterAll(async () => dispose());
  beforeEach(async () => truncateAll(db));

  const makeApp = (o: Partial<LeadAppOptions> = {}) => createLeadApp({ db, hashSecret: SECRET, peerAddress, ...o });
  const post = (app: ReturnType<typeof makeApp>, path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(`/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  /** The leads as the inbox lists them: spam is left out. */
  const rows = async () =>
    (
      await db.query<{ form_id: string; payload: Record<string, unknown>; client_hash: string }>(
        "SELECT form_id, payload, client_hash FROM leads WHERE status <> 'spam' ORDER BY received_at",
      )
    ).rows;
  const spamRows = async () =>
    (
      await db.query<{ id: string; form_id: string; payload: Record<string, unknown>; spam_reason: string; page_path: string | null }>(
        "SELECT id, form_id, payload, spam_reason, page_path FROM leads WHERE status = 'spam' ORDER BY received_at",
      )
    ).rows;

  it('answers GET /api/v1 and /api/v1/health with JSON', async () => {
    const app = makeApp();
    const index = await app.request('/api/v1');
    expect(index.status).toBe(200);
    expect((await index.json()).forms.map((f: { path: string }) => f.path).sort()).toEqual([
      '/api/v1/enquiries',
      '/api/v1/inquiries/contact-us',
      '/api/v1/leads/request',
      '/api/v1/waitlist/add',
    ]);
    expect((await app.request('/api/v1/')).status).toBe(200);
    const health = await app.request('/api/v1/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ message: 'ok', database: backend.name });
  });

  it.each(Object.entries(VALID))('stores a valid %s submission and answers 201 {message, id}', async (form, { path, body }) => {
    const res = await post(makeApp(), path, { ...body, extra: 'never stored' });
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer).toEqual({ message: expect.any(String), id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0].form_id).toBe(form);
    expect(stored[0].payload).toEqual(body);
    expect(JSON.stringify(stored[0])).not.toContain(PEER);
    expect(stored[0].client_hash).toBe(hashAddress(PEER, SECRET));
  });

  it('tells the contact form visitor that the message was sent', async () => {
    const res = await post(makeApp(), VALID.contact.path, VALID.contact.body);
    expect((await res.json()).message).toBe('Message sent successfully! We will get back to you soon.');
  });

  it('stores a phone number as digits only, as the form payload says', async () => {
    const res = await post(makeApp(), VALID.waitlist.path, { ...VALID.waitlist.body, phoneNumber: '+1 (306) 555-1234' });
    expect(res.status).toBe(201);
    expect((await rows())[0].payload.phoneNumber).toBe('13065551234');
  });

  it("answers 422 with one message per field from the form file's own texts, under the payload keys", async () => {
    const res = await post(makeApp(), VALID.contact.path, { firstName: ' ', email: 'ada@gmail' });
    expect(res.status).toBe(422);
    const answer = await res.json();
    expect(answer.message).toBe('Please correct the highlighted fields.');
    expect(answer.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: 'First Name is required.' },
        { field: 'lastName', message: 'Last Name is required.' },
        { field: 'email', message: 'Please enter a valid email address.' },
        { field: 'description', message: 'Please enter a message.' },
      ]),
    );
    expect(answer.errors).toHaveLength(4);
    expect(await rows()).toHaveLength(0);
  });

  it('checks minLength, enum and mapped fields of the other forms', async () => {
    const demo = await (await post(makeApp(), VALID['demo-lead'].path, { ...VALID['demo-lead'].body, businessName: 'X' })).json();
    expect(demo.errors).toEqual([{ field: 'businessName', message: 'business name cannot be less than two characters' }]);
    const { buildCountry: _b, ...noTarget } = VALID.waitlist.body;
    const wait = await (await post(makeApp(), VALID.waitlist.path, { ...noTarget, purpose: 'Palace' })).json();
    expect(wait.errors).toEqual(
      expect.arrayContaining([
        { field: 'buildCountry', message: 'Target country is required' },
        { field: 'purpose', message: 'Project type is required' },
      ]),
    );
    const enq = await post(makeApp(), VALID.enquiry.path, { ...VALID.enquiry.body, timestamp: 'yesterday' });
    expect(enq.status).toBe(422);
    expect((await enq.json()).errors).toEqual([{ field: 'timestamp', message: expect.stringContaining('ISO 8601') }]);
  });

  it('answers a form the browser posted itself with a page: its messages, or its success, and stores it once', async () => {
    const app = makeApp();
    const postForm = (fields: Record<string, string>) =>
      app.request('/api/v1/inquiries/contact-us', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-test-peer': '203.0.113.40' },
        body: new URLSearchParams(fields).toString(),
      });
    const wrong = await postForm({ 'f-contact-firstname': 'Ada', 'f-contact-email': 'ada@example', 'sitewright-page': '/contact' });
    expect(wrong.status).toBe(422);
    expect(wrong.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await wrong.text();
    expect(page).toContain('<strong>Last Name</strong>: Last Name is required.');
    expect(page).toContain('<strong>Email</strong>: Please enter a valid email address.');
    expect(await rows()).toHaveLength(0);

    const fields = { 'f-contact-firstname': 'Ada', 'f-contact-lastname': 'Obi', 'f-contact-email': 'ada@example.com', 'f-contact-message': '<b>Hi</b>' };
    const right = await postForm(fields);
    expect(right.status).toBe(200);
    expect(await right.text()).toContain(SUCCESS_MESSAGES.contact);
    expect((await rows()).map((r) => r.payload)).toEqual([{ firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', description: '<b>Hi</b>' }]);

    // A bot that fills the honeypot is thanked the same way, and what it sent is kept as spam, with the page it was on.
    const trapped = await postForm({ ...fields, 'f-contact-lastname': '', website: 'https://spam.example', 'sitewright-page': '/contact' });
    expect(trapped.status).toBe(200);
    expect(await trapped.text()).toContain(SUCCESS_MESSAGES.contact);
    expect(await rows()).toHaveLength(1);
    expect(await spamRows()).toEqual([
      {
        id: expect.any(String),
        form_id: 'contact',
        payload: { firstName: 'Ada', email: 'ada@example.com', description: '<b>Hi</b>' },
        spam_reason: 'honeypot',
        page_path: '/contact',
      },
    ]);
  });

  it('answers 400 for malformed JSON or a non-object, 415 for another content type', async () => {
    const app = makeApp();
    const bad = await post(app, VALID.contact.path, '{"firstName": ');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/not valid JSON/);
    expect((await post(app, VALID.contact.path, '[1,2]')).status).toBe(400);
    const text = await app.request('/api/v1/inquiries/contact-us', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'firstName=Ada' });
    expect(text.status).toBe(415);
    expect((await text.json()).message).toEqual(expect.any(String));
    expect((await post(app, VALID.contact.path, VALID.contact.body, { 'content-type': 'application/json; charset=utf-8' })).status).toBe(201);
  });

  it('refuses a NUL or a lone surrogate anywhere in the body with 400 {message}, before the database', async () => {
    const app = makeApp();
    const cases = [
      JSON.stringify({ ...VALID.contact.body, firstName: 'Ada\u0000' }),
      JSON.stringify({ ...VALID.contact.body, description: 'Please call me\u0000 about a quote.' }),
      // JSON.parse turns the escape into a lone surrogate in a JS string, which PostgreSQL's jsonb refuses.
      JSON.stringify(VALID.contact.body).replace('"Ada"', '"Ada\\ud800"'),
      JSON.stringify(VALID.contact.body).replace('"Lovelace"', '"\\udc00Lovelace"'),
      JSON.stringify({ ...VALID.contact.body, ['extra\u0000key']: 'x' }),
      JSON.stringify({ ...VALID.contact.body, nested: [{ deep: '\u0000' }] }),
      JSON.stringify({ ...VALID.contact.body, website: 'spam\u0000' }),
    ];
    for (const body of cases) {
      const res = await post(app, VALID.contact.path, body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/cannot be stored/);
    }
    expect(await rows()).toHaveLength(0);
    // A whole surrogate pair (an emoji, as JSON escapes or as it is) is fine.
    const emoji = await post(app, VALID.contact.path, JSON.stringify(VALID.contact.body).replace('"Ada"', '"Ada \\ud83d\\udc77 👷"'));
    expect(emoji.status).toBe(201);
    expect((await rows())[0].payload.firstName).toBe('Ada 👷 👷');
  });

  it('logs an unexpected error by its class and code, never the submission it came with', async () => {
    const { firstName, lastName, email, description } = VALID.contact.body;
    // As pg reports a refused row: the values are in the message's DETAIL and in fields of their own.
    const failing = Object.assign(
      new Error(
        `new row for relation "leads" violates check constraint "leads_payload"\nDETAIL: Failing row contains (${firstName}, ${lastName}, ${email}, ${description}).`,
      ),
      { code: '23514', detail: `Failing row contains (${firstName}, ${lastName}, ${email}).`, table: 'leads', constraint: 'leads_payload', where: email },
    );
    const broken: Db = { ...db, transaction: () => Promise.reject(failing) };
    const printed: string[] = [];
    const spies = (['error', 'warn', 'log', 'info', 'debug', 'trace'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void printed.push(format(...args))),
    );
    try {
      const res = await post(createLeadApp({ db: broken, hashSecret: SECRET, peerAddress }), VALID.contact.path, VALID.contact.body);
      expect(res.status).toBe(500);
      const answer = await res.text();
      for (const value of [firstName, lastName, email, description]) expect(answer).not.toContain(value);
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
    const log = printed.join('\n');
    for (const value of [firstName, lastName, email, description]) expect(log).not.toContain(value);
    expect(log).toContain('23514');
    expect(log).toContain('/inquiries/contact-us');
  });

  it('answers 413 for a body over 32 KB, by Content-Length and by the bytes actually sent', async () => {
    const app = makeApp();
    const big = JSON.stringify({ ...VALID.contact.body, description: 'x'.repeat(33 * 1024) });
    const declared = await post(app, VALID.contact.path, '{}', { 'content-length': String(40_000) });
    expect(declared.status).toBe(413);
    const sent = await post(app, VALID.contact.path, big);
    expect(sent.status).toBe(413);
    expect((await sent.json()).message).toMatch(/32 KB/);
    expect(await rows()).toHaveLength(0);
  });

  it('answers 404 for an unknown path and 405 for a wrong method, in JSON', async () => {
    const app = makeApp();
    const missing = await post(app, '/nope', {});
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toEqual(expect.any(String));
    const wrong = await app.request('/api/v1/waitlist/add');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toContain('POST');
    expect((await wrong.json()).message).toEqual(expect.any(String));
    expect((await app.request('/api/v1/health', { method: 'DELETE' })).status).toBe(405);
  });

  describe('Idempotency-Key', () => {
    it('replays the first answer for the same key and body, without a second row', async () => {
      const app = makeApp();
      const first = await post(app, VALID.contact.path, VALID.contact.body, { 'idempotency-key': 'k-1' });
      const again = await post(app, VALID.contact.path, VALID.contact.body, { 'idempotency-key': 'k-1' });
      expect(again.status).toBe(first.status);
      expect(await again.json()).toEqual(await first.json());
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await rows()).toHaveLength(1);
    });

    it('counts a retry whose generated timestamp changed as the same submission', async () => {
      const app = makeApp();
      const a = await post(app, VALID.enquiry.path, VALID.enquiry.body, { 'idempotency-key': 'enq' });
      const b = await post(app, VALID.enquiry.path, { ...VALID.enquiry.body, timestamp: new Date().toISOString() }, { 'idempotency-key': 'enq' });
      expect((await b.json()).id).toBe((await a.json()).id);
      expect(await rows()).toHaveLength(1);
    });

    it('answers 422 for the same key with a different body', async () => {
      const app = makeApp();
      await post(app, VALID.contact.path, VALID.contact.body, { 'idempotency-key': 'k-2' });
      const other = await post(app, VALID.contact.path, { ...VALID.contact.body, description: 'Something else' }, { 'idempotency-key': 'k-2' });
      expect(other.status).toBe(422);
      expect((await other.json()).message).toMatch(/Idempotency-Key/);
      expect(await rows()).toHaveLength(1);
    });

    it('keeps keys per form', async () => {
      const app = makeApp();
      expect((await post(app, VALID.contact.path, VALID.contact.body, { 'idempotency-key': 'same' })).status).toBe(201);
      expect((await post(app, VALID['demo-lead'].path, VALID['demo-lead'].body, { 'idempotency-key': 'same' })).status).toBe(201);
      expect(await rows()).toHaveLength(2);
    });

    it('rejects an empty, overlong or non-printable key with 400', async () => {
      const app = makeApp();
      for (const key of ['', 'x'.repeat(256), 'tab\there'])
        expect((await post(app, VALID.contact.path, VALID.contact.body, { 'idempotency-key': key })).status).toBe(400);
      expect(await rows()).toHaveLength(0);
    });

    it('stores one row for concurrent duplicates', async () => {
      const app = makeApp();
      const answers = await Promise.all(Array.from({ length: 8 }, () => post(app, VALID.waitlist.path, VALID.waitlist.body, { 'idempotency-key': 'race' })));
      expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
      const ids = new Set(await Promise.all(answers.map(async (r) => (await r.json()).id)));
      expect(ids.size).toBe(1);
      expect(await rows()).toHaveLength(1);
    });
  });

  it('answers a filled honeypot with the normal success and keeps it as spam, queueing nothing', async () => {
    const queued: number[] = [];
    const app = makeApp({ webhook: { onQueued: () => queued.push(1) } });
    const res = await post(app, VALID.contact.path, { ...VALID.contact.body, website: 'http://spam.example' });
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer).toEqual({ message: 'Message sent successfully! We will get back to you soon.', id: expect.any(String) });
    expect(await rows()).toHaveLength(0);
    // Kept as it would be stored, without the trap, under a real id; no webhook copy, no wake-up of the worker.
    expect(await spamRows()).toEqual([{ id: answer.id, form_id: 'contact', payload: VALID.contact.body, spam_reason: 'honeypot', page_path: null }]);
    expect((await db.query('SELECT 1 FROM outbox')).rows).toHaveLength(0);
    expect(queued).toEqual([]);
    const events = await db.query<{ kind: string; detail: unknown }>('SELECT kind, detail FROM lead_events WHERE lead_id = $1', [answer.id]);
    expect(events.rows).toEqual([{ kind: 'received', detail: { status: 'spam', reason: 'honeypot' } }]);

    // A bot's junk that fails the form's checks is kept as sent, all the same.
    const junk = await post(app, VALID.contact.path, { email: 'not an email', extra: { n: 1 }, website: 'x' });
    expect(junk.status).toBe(201);
    expect((await spamRows()).map((r) => r.payload)).toEqual([VALID.contact.body, { email: 'not an email', extra: { n: 1 } }]);

    expect((await post(app, VALID.contact.path, { ...VALID.contact.body, website: '' })).status).toBe(201);
    expect(await rows()).toHaveLength(1);
    expect((await db.query('SELECT 1 FROM outbox')).rows).toHaveLength(1);
    expect(queued).toEqual([1]);
  });

  it("starts each lead's history with its arrival", async () => {
    const res = await post(makeApp(), VALID.waitlist.path, VALID.waitlist.body);
    const { id } = await res.json();
    const events = await db.query<{ kind: string; actor: string | null; detail: unknown }>('SELECT kind, actor, detail FROM lead_events WHERE lead_id = $1', [
      id,
    ]);
    expect(events.rows).toEqual([{ kind: 'received', actor: null, detail: {} }]);
  });

  describe('attribution', () => {
    const attributionOf = async (id: string) =>
      (
        await db.query('SELECT page_path, landing_path, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content FROM leads WHERE id = $1', [
          id,
        ])
      ).rows[0];

    it('stores what the page sent beside the submission, in its own columns, and leaves the payload as it was', async () => {
      const header =
        'page=%2Fcontact&landing=%2Fowner&ref=news.example&utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=build&utm_content=top';
      const res = await post(makeApp(), VALID.contact.path, VALID.contact.body, { 'sitewright-attribution': header });
      expect(res.status).toBe(201);
      const { id } = await res.json();
      expect(await attributionOf(id)).toEqual({
        page_path: '/contact',
        landing_path: '/owner',
        referrer_host: 'news.example',
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'spring',
        utm_term: 'build',
        utm_content: 'top',
      });
      expect((await rows())[0].payload).toEqual(VALID.contact.body);
    });

    it('drops hostile or oversized parts silently and still stores the lead', async () => {
      const header = new URLSearchParams({
        page: 'https://evil.example/',
        landing: '/ok\u202e',
        ref: 'evil.example/path',
        utm_source: 'x'.repeat(201),
        utm_medium: '\u0000',
        utm_campaign: '=HYPERLINK("x")',
        sql: "'; DROP TABLE leads; --",
      })
        .toString()
        .replace('%5Cu202e', '%E2%80%AE')
        .replace('%5Cu0000', '%00');
      const res = await post(makeApp(), VALID.contact.path, VALID.contact.body, { 'sitewright-attribution': header });
      expect(res.status).toBe(201);
      const { id } = await res.json();
      // Only the campaign passes: text, kept as text (the CSV export makes formulas harmless).
      expect(await attributionOf(id)).toMatchObject({
        page_path: null,
        landing_path: null,
        referrer_host: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: '=HYPERLINK("x")',
      });
      const huge = await post(makeApp(), VALID.contact.path, VALID.contact.body, { 'sitewright-attribution': `page=%2F&utm_source=${'y'.repeat(5000)}` });
      expect(huge.status).toBe(201);
      expect(await attributionOf((await huge.json()).id)).toMatchObject({ page_path: null, utm_source: null });
    });
  });

  describe('rate limit', () => {
    it('answers 429 with Retry-After after the limit, per client and form, and lets the client in again after a minute', async () => {
      let now = 1_000_000;
      const app = makeApp({ rateLimit: 3, clock: () => now });
      for (let i = 0; i < 3; i++) expect((await post(app, VALID.contact.path, VALID.contact.body)).status).toBe(201);
      const refused = await post(app, VALID.contact.path, VALID.contact.body);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(await refused.json()).toEqual({ message: expect.stringMatching(/^Too many submissions/), retryAfterSeconds: 60 });
      expect((await post(app, VALID['demo-lead'].path, VALID['demo-lead'].body)).status).toBe(201);
      expect((await post(app, VALID.contact.path, VALID.contact.body, { 'x-test-peer': '198.51.100.1' })).status).toBe(201);
      now += 60_001;
      expect((await post(app, VALID.contact.path, VALID.contact.body)).status).toBe(201);
    });

    it('defaults to 20 a minute', async () => {
      const app = makeApp();
      const statuses = [];
      for (let i = 0; i < 21; i++) statuses.push((await post(app, VALID.contact.path, VALID.contact.body)).status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(20);
      expect(statuses[20]).toBe(429);
    });

    it('behind a trusted proxy, a forged left-most X-Forwarded-For entry neither escapes the limit nor lands in the data', async () => {
      const app = makeApp({ rateLimit: 2, trustedProxies: 1 });
      const statuses = [];
      for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3'])
        statuses.push((await post(app, VALID.contact.path, VALID.contact.body, { 'x-forwarded-for': `${forged}, 198.51.100.9` })).status);
      expect(statuses).toEqual([201, 201, 429]);
      const stored = await rows();
      expect(stored.map((r) => r.client_hash)).toEqual([hashAddress('198.51.100.9', SECRET), hashAddress('198.51.100.9', SECRET)]);
    });

    it('without trusted proxies ignores X-Forwarded-For entirely', async () => {
      const app = makeApp({ rateLimit: 1 });
      expect((await post(app, VALID.contact.path, VALID.contact.body, { 'x-forwarded-for': '9.9.9.9' })).status).toBe(201);
      expect((await post(app, VALID.contact.path, VALID.contact.body, { 'x-forwarded-for': '8.8.8.8' })).status).toBe(429);
      expect((await rows())[0].client_hash).toBe(hashAddress(PEER, SECRET));
    });
  });

  describe('origin and CORS', () => {
    it('refuses a post from a foreign origin with 403, allows the same origin and requests without Origin', async () => {
      const app = makeApp();
      const foreign = await post(app, VALID.contact.path, VALID.contact.body, { origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
      expect((await foreign.json()).message).toEqual(expect.any(String));
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
      expect((await post(app, VALID.contact.path, VALID.contact.body, { origin: 'http://localhost' })).status).toBe(201);
      expect((await post(app, VALID.contact.path, VALID.contact.body)).status).toBe(201);
      expect(await rows()).toHaveLength(2);
    });

    it('allows listed origins with CORS headers and answers their preflight', async () => {
      const app = makeApp({ allowedOrigins: ['https://partner.example'] });
      const ok = await post(app, VALID.contact.path, VALID.contact.body, { origin: 'https://partner.example' });
      expect(ok.status).toBe(201);
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://partner.example');
      const pre = await app.request('/api/v1/inquiries/contact-us', {
        method: 'OPTIONS',
        headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST' },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
      expect(pre.headers.get('access-control-allow-headers')).toBe('content-type, accept, idempotency-key, sitewright-attribution');
      const unlisted = await app.request('/api/v1/inquiries/contact-us', { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
      expect(unlisted.status).toBe(403);
      expect(unlisted.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('admin read endpoint', () => {
    const TOKEN = 's3cret-token-of-at-least-32-chars';
    const bearer = (token: string, peer = PEER) => ({ headers: { authorization: `Bearer ${token}`, 'x-test-peer': peer } });

    it('is off (404) without a configured token', async () => {
      expect((await makeApp().request('/api/v1/admin/leads', { headers: { authorization: 'Bearer x' } })).status).toBe(404);
    });

    it('answers 401 without the right bearer token and the leads with it', async () => {
      const app = makeApp({ adminToken: TOKEN });
      await post(app, VALID.contact.path, VALID.contact.body);
      await post(app, VALID.waitlist.path, VALID.waitlist.body);
      expect((await app.request('/api/v1/admin/leads')).status).toBe(401);
      const wrong = await app.request('/api/v1/admin/leads', bearer(`${TOKEN.slice(0, -1)}S`));
      expect(wrong.status).toBe(401);
      expect((await wrong.json()).message).toEqual(expect.any(String));
      const all = await app.request('/api/v1/admin/leads', bearer(TOKEN));
      expect(all.status).toBe(200);
      expect((await all.json()).leads).toHaveLength(2);
      const some = await (await app.request('/api/v1/admin/leads?form=waitlist&since=2020-01-01', bearer(TOKEN))).json();
      expect(some.leads).toEqual([
        {
          id: expect.any(String),
          form: 'waitlist',
          receivedAt: expect.any(String),
          payload: VALID.waitlist.body,
          status: 'new',
          attribution: { page: null, landing: null, referrer: null, utmSource: null, utmMedium: null, utmCampaign: null, utmTerm: null, utmContent: null },
        },
      ]);
      // Spam is left out unless asked for.
      await post(app, VALID.waitlist.path, { ...VALID.waitlist.body, website: 'x' });
      expect((await (await app.request('/api/v1/admin/leads?form=waitlist', bearer(TOKEN))).json()).leads).toHaveLength(1);
      const withSpam = (await (await app.request('/api/v1/admin/leads?form=waitlist&spam=1', bearer(TOKEN))).json()).leads;
      expect(withSpam.map((l: { status: string }) => l.status)).toEqual(['new', 'spam']);
      expect((await app.request('/api/v1/admin/leads?since=soon', bearer(TOKEN))).status).toBe(400);
    });

    it('answers 400 {message} for a filter PostgreSQL would refuse, and takes a strict ISO 8601 date or time', async () => {
      const app = makeApp({ adminToken: TOKEN });
      await post(app, VALID.contact.path, VALID.contact.body);
      for (const since of ['0', '-1', '2026', '2026-02-30', '2026-13-01', '2026-01-01T25:00:00Z', '2026-01-01T10:00:00', '1e3', '2026-01-01%00', 'now'])
        for (const query of [`since=${since}`, `form=contact&since=${since}`]) {
          const res = await app.request(`/api/v1/admin/leads?${query}`, bearer(TOKEN));
          expect(res.status, query).toBe(400);
          expect((await res.json()).message).toMatch(/since/);
        }
      const badForm = await app.request('/api/v1/admin/leads?form=contact%00', bearer(TOKEN));
      expect(badForm.status).toBe(400);
      expect((await badForm.json()).message).toMatch(/form/);
      for (const since of ['2020-01-01', '2020-01-01T10:00:00Z', '2020-01-01T10:00:00.123+02:00', '2024-02-29']) {
        const res = await app.request(`/api/v1/admin/leads?since=${encodeURIComponent(since)}`, bearer(TOKEN));
        expect(res.status, since).toBe(200);
        expect((await res.json()).leads).toHaveLength(1);
      }
      expect((await (await app.request('/api/v1/admin/leads?since=2999-01-01', bearer(TOKEN))).json()).leads).toHaveLength(0);
    });

    it('refuses a configured token shorter than 32 characters', () => {
      expect(() => makeApp({ adminToken: 'short-token' })).toThrow(/SITEWRIGHT_ADMIN_TOKEN must be at least 32 characters/);
    });

    it('after 10 failed tokens from one client in 15 minutes answers 429 with Retry-After, even for the right token, and logs no token', async () => {
      let now = 5_000_000;
      const app = makeApp({ adminToken: TOKEN, clock: () => now });
      const printed: string[] = [];
      const spies = (['error', 'warn', 'log', 'info'] as const).map((level) =>
        vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void printed.push(format(...args))),
      );
      try {
        for (let i = 0; i < 10; i++) {
          now += 1000;
          expect((await app.request('/api/v1/admin/leads', bearer(`guess-${i}-${'x'.repeat(30)}`))).status).toBe(401);
        }
        const refused = await app.request('/api/v1/admin/leads', bearer(TOKEN));
        expect(refused.status).toBe(429);
        expect(refused.headers.get('retry-after')).toBe(String(15 * 60 - 9));
        expect((await refused.json()).message).toMatch(/Too many/);
        // Another client (an IPv6 one, by its /64) is not held up.
        expect((await app.request('/api/v1/admin/leads', bearer(TOKEN, '2001:db8:1:2::9'))).status).toBe(200);
        now += 15 * 60_000;
        expect((await app.request('/api/v1/admin/leads', bearer(TOKEN))).status).toBe(200);
      } finally {
        spies.forEach((sp) => sp.mockRestore());
      }
      const log = printed.join('\n');
      expect(log).toMatch(/admin/);
      expect(log).not.toContain('guess-');
      expect(log).not.toContain(TOKEN);
      expect(log).not.toContain(PEER);
    });
  });

  it('buckets IPv6 clients by their /64 for the rate limit, and IPv4-mapped ones by their IPv4 address', async () => {
    const app = makeApp({ rateLimit: 3 });
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await post(app, VALID.contact.path, VALID.contact.body, { 'x-test-peer': `2001:db8:aa:bb::${i}` })).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await post(app, VALID.contact.path, VALID.contact.body, { 'x-test-peer': '2001:db8:aa:bb:ffff:1:2:3' })).status).toBe(429);
    expect((await post(app, VALID.contact.path, VALID.contact.body, { 'x-test-peer': '2001:db8:aa:bc::1' })).status).toBe(201);
    for (const peer of ['::ffff:198.51.100.1', '::ffff:198.51.100.2', '::ffff:198.51.100.3', '::ffff:198.51.100.4'])
      expect((await post(app, VALID.contact.path, VALID.contact.body, { 'x-test-peer': peer })).status).toBe(201);
    // The stored hash is still of the whole address.
    const hashes = new Set((await rows()).slice(0, 3).map((r) => r.client_hash));
    expect(hashes.size).toBe(3);
  });

  it("refuses an enquiry timestamp that is not an ISO 8601 date-time, as the browser's toISOString makes", async () => {
    for (const timestamp of ['-1', '0', '2026', '2026-11-24', '2026-02-30T10:00:00Z', '2026-11-24 10:00:00', 'Tue, 24 Nov 2026 10:00:00 GMT']) {
      const res = await post(makeApp(), VALID.enquiry.path, { ...VALID.enquiry.body, timestamp });
      expect(res.status, timestamp).toBe(422);
      expect((await res.json()).errors).toEqual([{ field: 'timestamp', message: expect.stringContaining('ISO 8601') }]);
    }
    expect((await post(makeApp(), VALID.enquiry.path, { ...VALID.enquiry.body, timestamp: new Date().toISOString() })).status).toBe(201);
  });

  it('answers 503 {message} while the database is unreachable, and recovers', async () => {
    let down = true;
    const flaky: Db = {
      ...db,
      query: (sql, params) => (down ? Promise.reject(new DbUnavailableError(new Error('connect ECONNREFUSED'))) : db.query(sql, params)),
      transaction: (fn) => (down ? Promise.reject(new DbUnavailableError(new Error('connect ECONNREFUSED'))) : db.transaction(fn)),
    };
    const app = createLeadApp({ db: flaky, hashSecret: SECRET, peerAddress });
    const res = await post(app, VALID.contact.path, VALID.contact.body);
    expect(res.status).toBe(503);
    expect((await res.json()).message).toMatch(/database/);
    expect((await app.request('/api/v1/health')).status).toBe(503);
    down = false;
    expect((await post(app, VALID.contact.path, VALID.contact.body)).status).toBe(201);
  });
});
