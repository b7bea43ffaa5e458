// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { DbUnavailableError, isUnavailable, openDatabase } from './db.ts';
import { createLeadApp } from './app.ts';

vi.setConfig({ testTimeout: 30_000 });

describe('a PostgreSQL server that cannot be reached', () => {
  it('gives DbUnavailableError, which the API answers with 503 {message} while the process keeps serving', async () => {
    const db = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    try {
      await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DbUnavailableError);
      const app = createLeadApp({ db, hashSecret: 's', peerAddress: () => '192.0.2.1' });
      const res = await app.request('/api/v1/waitlist/add', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'A', lastName: 'B', email: 'a@b.example', phoneNumber: '14165550000', buildCountry: 'Ghana', purpose: 'Renovation' }),
      });
      expect(res.status).toBe(503);
      expect((await res.json()).message).toMatch(/database/);
      expect((await app.request('/api/v1/health')).status).toBe(503);
      expect((await app.request('/api/v1')).status).toBe(200);
    } finally {
      await db.close();
    }
  });

  it('tells connection failures from SQL errors', () => {
    expect(isUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isUnavailable('nope')).toBe(false);
  });
});
