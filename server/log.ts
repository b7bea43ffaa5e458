/**
 * What the lead service writes to its log about an error. Driver errors carry the submission in their
 * message and fields (pg: `DETAIL: Failing row contains (…)`, `where`), so a log line names the error's class,
 * its code, the schema object it concerns and where in the code it happened, never its message or values.
 */

// Codes (SQLSTATE, errno) and schema names are short words; anything else in those fields is not trusted.
const SAFE_WORD = /^[\w.-]{1,64}$/;
const SAFE_FIELDS = ['code', 'table', 'column', 'constraint', 'routine'] as const;

/** The call-stack lines of an error, without its first line (which repeats the message). */
function frames(e: Error, max: number): string[] {
  const head = `${e.name}: ${e.message}`;
  if (!e.stack?.startsWith(head)) return [];
  return e.stack
    .slice(head.length)
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, max)
    .map((l) => l.trim());
}

/** One log-safe description: class, code and schema names, the first stack frames, and the same for its cause. */
export function describeError(e: unknown, depth = 0): string {
  if (!(e instanceof Error)) return `a thrown ${e === null ? 'null' : typeof e}`;
  const fields = SAFE_FIELDS.flatMap((k) => {
    const v = (e as unknown as Record<string, unknown>)[k];
    return (typeof v === 'string' || typeof v === 'number') && SAFE_WORD.test(String(v)) ? [`${k} ${v}`] : [];
  });
  const name = SAFE_WORD.test(e.name) ? e.name : 'Error';
  const at = depth === 0 ? frames(e, 6) : [];
  const cause = e.cause !== undefined && depth < 3 ? `; caused by ${describeError(e.cause, depth + 1)}` : '';
  return `${name}${fields.length ? ` (${fields.join(', ')})` : ''}${cause}${at.map((l) => `\n    ${l}`).join('')}`;
}
