import { describe, expect, it } from 'vitest';
import { startNotes } from './start-notes.ts';

describe('startNotes', () => {
  const base = { embedded: true, dataDir: '/work/site/.data', cwd: '/work/site', origin: 'http://127.0.0.1:4173', staff: 0 };

  it('says where the leads go, where the back office is and, with nobody on the staff, how to make the first owner', () => {
    expect(startNotes(base)).toEqual([
      "[leads] the forms' leads are stored in .data/ (embedded PostgreSQL)",
      '[admin] the back office: http://127.0.0.1:4173/admin/',
      '[admin] nobody can sign in yet: make the first owner with  npm run staff -- invite --email you@example.com --role owner',
    ]);
  });

  it('leaves the first owner out once someone can sign in', () => {
    expect(startNotes({ ...base, staff: 2 })).toHaveLength(2);
  });

  it('names a data directory outside the working one in full, and never the database address', () => {
    expect(startNotes({ ...base, dataDir: '/var/lib/leads' })[0]).toContain('/var/lib/leads/ (embedded PostgreSQL)');
    expect(startNotes({ ...base, embedded: false })[0]).toBe("[leads] the forms' leads are stored in the PostgreSQL database of DATABASE_URL");
  });
});
