// @vitest-environment node
// After a publish the service checks submissions by the live site's forms: the same Map the lead app was made with is
// filled again from the working copy's site.config/forms, so a changed form's rules apply at once, without a restart.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Context } from 'hono';
import { addField, setMessage } from '../editor/form-fields.ts';
import { formFile } from '../tests/helpers/forms.ts';
import { createLeadApp } from './app.ts';
import type { Db } from './db.ts';
import { FORMS_DIR, loadLeadForms } from './forms.ts';
import { formsFollowLive } from './node.ts';
import { backends } from './test-backends.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const CONTACT = { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', description: 'Hello' };

function fakeLive(start: string | null = null) {
  let dir = start;
  const listeners = new Set<(d: string) => void>();
  return {
    dir: () => dir,
    onChange: (l: (d: string) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    publish(d: string) {
      dir = d;
      for (const l of listeners) l(d);
    },
  };
}

describe.each(backends())('the service’s forms follow the live site on $name', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  const work = mkdtempSync(join(tmpdir(), 'sw-forms-live-'));
  const formsDir = join(work, 'repo', 'site.config', 'forms');
  beforeAll(async () => {
    ({ db, dispose } = await backend.open());
    cpSync(FORMS_DIR, formsDir, { recursive: true });
  });
  afterAll(async () => {
    await dispose();
    rmSync(work, { recursive: true, force: true });
  });

  const post = (app: ReturnType<typeof createLeadApp>, body: unknown) =>
    app.request('/api/v1/inquiries/contact-us', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('applies a changed form’s rules once it is published, and keeps the old ones when the new files cannot be read', async () => {
    const forms = loadLeadForms(FORMS_DIR);
    const app = createLeadApp({ db, forms, hashSecret: 'test', peerAddress: (_c: Context) => '203.0.113.9', rateLimit: 1000 });
    const live = fakeLive();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stop = formsFollowLive(forms, live, formsDir);
    try {
      expect((await post(app, CONTACT)).status).toBe(201);

      const contact = setMessage(
        addField(formFile('contact'), { kind: 'text', label: 'Company', name: 'company', required: true }),
        'company',
        'required',
        'Please give your company’s name.',
      );
      writeFileSync(join(formsDir, 'contact.json'), JSON.stringify(contact, null, 2));
      // Written, not yet published: the live rules still apply.
      expect((await post(app, CONTACT)).status).toBe(201);

      live.publish(join(work, 'builds', '1'));
      const refused = await post(app, CONTACT);
      expect(refused.status).toBe(422);
      expect((await refused.json()).errors).toEqual([{ field: 'company', message: 'Please give your company’s name.' }]);
      expect((await post(app, { ...CONTACT, company: 'Obi Builders' })).status).toBe(201);

      // A publish whose forms cannot be read leaves the rules that applied.
      writeFileSync(join(formsDir, 'contact.json'), '{ not json');
      live.publish(join(work, 'builds', '2'));
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('the previous rules still apply'));
      expect((await post(app, CONTACT)).status).toBe(422);

      // After stop, nothing changes any more.
      stop();
      writeFileSync(join(formsDir, 'contact.json'), JSON.stringify(formFile('contact'), null, 2));
      live.publish(join(work, 'builds', '3'));
      expect((await post(app, CONTACT)).status).toBe(422);
    } finally {
      stop();
      errors.mockRestore();
    }
  });

  it('starts with the forms of a site published before the service started, and forgets a removed form', async () => {
    writeFileSync(join(formsDir, 'contact.json'), JSON.stringify(formFile('contact'), null, 2));
    rmSync(join(formsDir, 'waitlist.json'));
    const forms = loadLeadForms(FORMS_DIR);
    expect([...forms.values()].map((f) => f.id)).toContain('waitlist');
    const app = createLeadApp({ db, forms, hashSecret: 'test', peerAddress: (_c: Context) => '203.0.113.9', rateLimit: 1000 });
    const stop = formsFollowLive(forms, fakeLive(join(work, 'builds', '9')), formsDir);
    try {
      expect([...forms.values()].map((f) => f.id)).not.toContain('waitlist');
      const gone = await app.request('/api/v1/waitlist/add', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(gone.status).toBe(404);
      expect((await post(app, CONTACT)).status).toBe(201);
    } finally {
      stop();
    }
  });
});
