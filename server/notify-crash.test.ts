// @vitest-environment node
/**
 * Notification emails from the real service (scripts/serve.ts in its own process, on the embedded database): one
 * arrives while it runs; and across an outage of the mail server and a SIGKILL of the service, each recipient still
 * gets exactly one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { startLeadProcess } from './test-service.ts';
import { SOCKET_NAME } from './config.ts';
import type { OutboxRow } from './store.ts';
import { startTestSmtp } from './smtp-test-server.ts';

// Cold starts of new embedded databases, several per test: the runner's limit, not a performance one.
vi.setConfig({ testTimeout: 240_000 });

const dirs: string[] = [];
afterAll(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sitewright-notify-'));
  dirs.push(dir);
  return dir;
};

const BODY = { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', description: 'Please call me about a quote.' };

async function postLead(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/inquiries/contact-us`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BODY),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** What the running service's outbox holds, asked over its admin socket (as `npm run leads -- outbox` does). */
function pending(dataDir: string): Promise<OutboxRow[]> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: join(dataDir, SOCKET_NAME), path: '/outbox' }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve((JSON.parse(text) as { pending: OutboxRow[] }).pending));
    });
    req.on('error', reject);
    req.end();
  });
}

const until = async (check: () => Promise<boolean>) => {
  while (!(await check())) await new Promise((r) => setTimeout(r, 100));
};

it("emails the contact form's recipient while the service runs, with a link to the lead on the service", async () => {
  const smtp = await startTestSmtp();
  const dataDir = tempDir();
  const service = await startLeadProcess({ SITEWRIGHT_SMTP_URL: smtp.url, SITEWRIGHT_DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    const id = await postLead(service.url);
    const [mail] = await smtp.waitFor(1);
    expect(mail.to).toEqual(['sales@buildpad.example']);
    expect(mail.subject).toBe('Contact form: Ada Obi');
    expect(mail.text).toContain('First name: Ada\nLast name: Obi\nEmail: ada@example.com\nMessage: Please call me about a quote.');
    expect(mail.text).toContain(`Open it in the inbox: ${service.url}/admin/leads/${id}`);
    await until(async () => (await pending(dataDir)).length === 0);
  } finally {
    await service.stop();
    await smtp.stop();
  }
  expect(smtp.mails).toHaveLength(1);
});

it('sends exactly one email per recipient after the mail server was down and the service was killed', async () => {
  const smtp = await startTestSmtp({ listening: false });
  const dataDir = tempDir();
  const env = { SITEWRIGHT_SMTP_URL: smtp.url, SITEWRIGHT_DATA_DIR: dataDir, DATABASE_URL: '' };
  const first = await startLeadProcess(env);
  let id: string;
  try {
    id = await postLead(first.url);
    // The mail server refused the first attempt: the email waits in the outbox for its retry.
    await until(async () => (await pending(dataDir)).some((p) => p.kind === 'email' && p.attempts >= 1));
    const [row] = await pending(dataDir);
    expect(row).toMatchObject({ kind: 'email', recipient: 'sales@buildpad.example', leadId: id, lastError: expect.stringMatching(/ECONNREFUSED/) });
  } finally {
    // A crash: no clean shutdown, nothing flushed.
    await first.stop('SIGKILL');
  }
  expect(smtp.mails).toEqual([]);

  await smtp.start();
  const second = await startLeadProcess(env);
  try {
    const [mail] = await smtp.waitFor(1);
    expect(mail.subject).toBe('Contact form: Ada Obi');
    expect(mail.text).toContain(`${second.url}/admin/leads/${id}`);
    await until(async () => (await pending(dataDir)).length === 0);
  } finally {
    await second.stop();
    await smtp.stop();
  }
  // Delivered and marked: nothing is left that could send a second copy.
  expect(smtp.mails.map((m) => m.to)).toEqual([['sales@buildpad.example']]);
});
