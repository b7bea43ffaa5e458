import { relative } from 'node:path';

/**
 * What a person who has just run `npm start` needs to know beyond the address: where the leads go and how to get
 * into the back office, including, while nobody can sign in, how the first owner is made. Never the database's
 * address, which may hold its password.
 */
export function startNotes(o: { embedded: boolean; dataDir: string; cwd: string; origin: string; staff: number }): string[] {
  const dir = relative(o.cwd, o.dataDir) || '.';
  const where = o.embedded ? `${dir.startsWith('..') ? o.dataDir : dir}/ (embedded PostgreSQL)` : 'the PostgreSQL database of DATABASE_URL';
  const notes = [`[leads] the forms' leads are stored in ${where}`, `[admin] the back office: ${o.origin}/admin/`];
  if (o.staff === 0) notes.push('[admin] nobody can sign in yet: make the first owner with  npm run staff -- invite --email you@example.com --role owner');
  return notes;
}
