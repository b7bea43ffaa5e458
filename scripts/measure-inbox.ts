/**
 * How fast the inbox's list answers with 10,000 leads: each filter 40 times through the back office's own app (the
 * page rendered, the session checked), on PGlite and, when DATABASE_URL is set, on a fresh PostgreSQL database.
 * Run: npx tsx scripts/measure-inbox.ts
 */
import { performance } from 'node:perf_hooks';
import { createBackOffice } from '../server/admin/app.ts';
import { signedInCookie } from '../server/admin/testing.ts';
import type { Db } from '../server/db.ts';
import { loadLeadForms } from '../server/forms.ts';
import { backends } from '../server/test-backends.ts';

const LEADS = 10_000;
const RUNS = 40;
const FIRST = ['Ada', 'Grace', 'Alan', 'Wole', 'Chinua', 'Mary', 'Linus', 'Barbara', 'Edsger', 'Katherine'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Soyinka', 'Achebe', 'Shelley', 'Torvalds', 'Liskov', 'Dijkstra', 'Johnson'];
const FORMS = ['contact', 'waitlist', 'demo-lead', 'enquiry'];
const STATUSES = ['new', 'new', 'new', 'handled', 'handled', 'spam'];

async function seed(db: Db) {
  const start = Date.UTC(2026, 0, 1);
  for (let batch = 0; batch < LEADS; batch += 500) {
    const rows = Array.from({ length: 500 }, (_, j) => {
      const i = batch + j;
      return {
        form: FORMS[i % FORMS.length],
        payload: {
          firstName: FIRST[i % 10],
          lastName: `${LAST[(i * 7) % 10]}${i}`,
          email: `person${i}@example.com`,
          description: `Lead number ${i}: we would like a quote for a ${i % 3 ? 'house' : 'garage'} before spring.`,
        },
        at: new Date(start + i * 25 * 60_000).toISOString(),
        status: STATUSES[i % STATUSES.length],
      };
    });
    await db.query(
      `INSERT INTO leads (form_id, payload, client_hash, received_at, status, utm_source)
       SELECT r.form, r.payload, 'h', r.at::timestamptz, r.status, 'newsletter' FROM jsonb_to_recordset($1::jsonb) AS r(form text, payload jsonb, at text, status text)`,
      [JSON.stringify(rows)],
    );
  }
  await db.exec('ANALYZE leads');
}

const CASES: [string, string][] = [
  ['list (first page)', '/admin/leads'],
  ['list (page 100)', '/admin/leads?page=100'],
  ['filter: form', '/admin/leads?form=waitlist'],
  ['filter: status New', '/admin/leads?status=new'],
  ['filter: Spam', '/admin/leads?status=spam'],
  ['filter: dates', '/admin/leads?from=2026-03-01&to=2026-03-31'],
  ['filter: all four', '/admin/leads?form=contact&status=new&from=2026-02-01&to=2026-06-30&q=house'],
  ['search: name', '/admin/leads?q=hopper'],
  ['search: full name', '/admin/leads?q=ada%20lovelace'],
  ['search: email', '/admin/leads?q=person4242%40example.com'],
  ['search: text', '/admin/leads?q=garage'],
  ['search: no match', '/admin/leads?q=zebra'],
  ['search: 100%', '/admin/leads?q=100%25'],
];

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];

const results = new Map<string, Record<string, string>>();
for (const backend of backends()) {
  const { db, dispose } = await backend.open();
  try {
    await seed(db);
    const { cookie } = await signedInCookie(db, 'sales');
    const app = createBackOffice({ db, hashSecret: 'measure', forms: loadLeadForms() });
    for (const [name, path] of CASES) {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 3; i++) {
        const t = performance.now();
        const r = await app.request(`http://localhost${path}`, { headers: { cookie } });
        await r.text();
        if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
        if (i >= 3) times.push(performance.now() - t);
      }
      results.set(name, { ...results.get(name), [backend.name]: `${p95(times).toFixed(1)} ms` });
    }
  } finally {
    await dispose();
  }
}
console.log(`p95 of ${RUNS} requests each, ${LEADS.toLocaleString('en-US')} leads`);
console.table(Object.fromEntries(results));
