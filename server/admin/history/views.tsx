/** The history's pages: every change to the live site, newest first, with each field's before and after in words. */
import { humanise } from '../../../editor/pointer.ts';
import { blockName, clip, fileLabel } from '../../publish/describe.ts';
import type { ApiDiagnostic, FieldChange, FieldConflict, FileChange, HistoryEntry } from '../../publish/types.ts';
import { readableTime } from '../inbox/filters.ts';
import { Page } from '../layout.tsx';
import type { SignedIn } from '../sessions.ts';

/** Text longer than this is clipped in the table, with the whole of it one click away. */
const CLIP = 120;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** What a list element or an object is, in a few words: "Hero section “Sell to builders”", "link to /vendors". */
function thingName(v: unknown): string {
  if (!isObj(v)) return valueText(v);
  const heading = [v.heading, v.label, v.name, v.question, v.title].find((x): x is string => typeof x === 'string' && x.trim() !== '');
  if (typeof v.type === 'string') return `${blockName(v.type)} section${heading ? ` “${clip(heading, 30)}”` : ''}`;
  if (typeof v.route === 'string') return `page ${v.route}`;
  if (typeof v.href === 'string') return `link to ${v.href}`;
  if (heading) return `“${clip(heading, 30)}”`;
  return plural(Object.keys(v).length, 'setting');
}

/** A value as short plain words: text as it is, yes/no, and lists and groups of settings summed up. */
export function valueText(v: unknown): string {
  if (v === undefined) return '(not there)';
  if (v === null || v === '') return '(empty)';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.length === 0 ? '(empty list)' : `${plural(v.length, 'item')}: ${clip(v.map(thingName).join(', '), 80)}`;
  return thingName(v);
}

/** Every setting inside a list or object, one line each ("Heading: Build anywhere"), for the full view. */
function lines(v: unknown, prefix = ''): string[] {
  if (Array.isArray(v)) return v.flatMap((x, i) => lines(x, `${prefix}${prefix ? ' › ' : ''}item ${i + 1}`));
  if (isObj(v))
    return Object.entries(v)
      .filter(([k]) => k !== '$schema')
      .flatMap(([k, x]) => lines(x, `${prefix}${prefix ? ' › ' : ''}${humanise(k)}`));
  return [`${prefix ? `${prefix}: ` : ''}${valueText(v)}`];
}

/** One value in the before/after table: clipped when long or structured, with the whole of it in a disclosure. */
export function Value({ value }: { value: unknown }) {
  const short = valueText(value);
  if (typeof value === 'string' && value.length > CLIP)
    return (
      <>
        <span>{clip(value, CLIP)}</span>
        <details>
          <summary>Show all</summary>
          <p className="full">{value}</p>
        </details>
      </>
    );
  if (typeof value === 'object' && value !== null && lines(value).length > 1)
    return (
      <>
        <span>{short}</span>
        <details>
          <summary>Show all</summary>
          <ul className="full">
            {lines(value).map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
        </details>
      </>
    );
  return <span className={value === undefined ? 'absent' : undefined}>{short}</span>;
}

const STATUS_WORDS: Record<FileChange['status'], string> = { added: 'added', modified: 'changed', deleted: 'removed' };

/** A region per table, so a wide one scrolls by keyboard; named with its change's commit, as a page may appear in many. */
function FileTable({ file, commit }: { file: FileChange; commit: string }) {
  return (
    <div className="table-scroll" role="region" aria-label={`${file.label}: before and after (change ${commit.slice(0, 7)})`} tabIndex={0}>
      <table className="fields">
        <caption>
          {file.label} ({STATUS_WORDS[file.status]}) <span className="path">{file.file}</span>
        </caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {file.fields.map((f: FieldChange) => (
            <tr key={f.pointer}>
              <th scope="row">{f.label}</th>
              <td>
                <Value value={f.before} />
              </td>
              <td>
                <Value value={f.after} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Entry({ entry, canUndo, timeZone }: { entry: HistoryEntry; canUndo: boolean; timeZone: string }) {
  const id = `c-${entry.commit}`;
  return (
    <li>
      <article className="change" aria-labelledby={id}>
        <h2 id={id}>{entry.message}</h2>
        <p className="by">
          {entry.author.name} · <time dateTime={new Date(entry.date).toISOString()}>{readableTime(entry.date, timeZone)}</time>
        </p>
        {entry.files.length === 0 ? (
          <p>This change did not touch the site’s pages or settings.</p>
        ) : (
          entry.files.map((f) => <FileTable key={f.file} file={f} commit={entry.commit} />)
        )}
        {canUndo && entry.files.length > 0 && (
          <form method="post" action={`/admin/history/${entry.commit}/undo`}>
            <button type="submit" className="secondary" aria-describedby={id}>
              Undo this change
            </button>
          </form>
        )}
      </article>
    </li>
  );
}

export function HistoryPage(p: {
  signedIn: SignedIn;
  entries: HistoryEntry[] | null;
  page: number;
  hasMore: boolean;
  canUndo: boolean;
  timeZone: string;
  notice?: string;
}) {
  return (
    <Page title="History" signedIn={p.signedIn} current="/admin/history" styles={['history.css']}>
      {p.notice && (
        <p className="notice" role="status">
          {p.notice}
        </p>
      )}
      {p.entries === null ? (
        <p className="off">
          Publishing from the back office is off on this server, so there is no history to show. The site’s changes are made in its git repository.
        </p>
      ) : (
        <>
          <p>
            Every change to the live site, newest first: published here or committed by a developer. “Undo this change” publishes a new change that reverses it.
          </p>
          {p.entries.length === 0 ? (
            <p>{p.page === 1 ? 'Nothing has been published yet.' : 'There are no older changes.'}</p>
          ) : (
            <ol className="changes">
              {p.entries.map((e) => (
                <Entry key={e.commit} entry={e} canUndo={p.canUndo} timeZone={p.timeZone} />
              ))}
            </ol>
          )}
          {(p.page > 1 || p.hasMore) && (
            <nav aria-label="History pages" className="pager">
              {p.page > 1 && <a href={p.page === 2 ? '/admin/history' : `/admin/history?page=${p.page - 1}`}>Newer changes</a>}
              <span>Page {p.page}</span>
              {p.hasMore && <a href={`/admin/history?page=${p.page + 1}`}>Older changes</a>}
            </nav>
          )}
        </>
      )}
    </Page>
  );
}

/** Why an undo did not happen: nothing was changed on the live site. */
export type UndoRefusal =
  | { kind: 'conflict'; conflicts: FieldConflict[] }
  | { kind: 'invalid'; diagnostics: ApiDiagnostic[] }
  | { kind: 'nothing' | 'build' | 'remote'; message: string };

export function UndoRefusedPage({ signedIn, entry, refusal }: { signedIn: SignedIn; entry: HistoryEntry; refusal: UndoRefusal }) {
  return (
    <Page title="The change was not undone" signedIn={signedIn} current="/admin/history" styles={['history.css']}>
      <div role="alert">
        <p>“{entry.message}” was not undone. Nothing was changed on the live site.</p>
        {refusal.kind === 'conflict' && (
          <>
            <p>These fields were changed again after it, so undoing it would overwrite someone’s later work:</p>
            <ul>
              {refusal.conflicts.map((c) => (
                <li key={`${c.file}#${c.pointer}`}>
                  {c.label}: now “{valueText(c.theirs)}”; undoing would make it “{valueText(c.mine)}”.
                </li>
              ))}
            </ul>
            <p>Change these fields in the editor instead.</p>
          </>
        )}
        {refusal.kind === 'invalid' && (
          <>
            <p>The site would not pass the checks without it:</p>
            <ul>
              {refusal.diagnostics.map((d, i) => (
                <li key={i}>
                  {d.file ? `${fileLabel(d.file.replace(/^site\.config\//, ''), undefined)}: ` : ''}
                  {[d.message, d.fix].filter(Boolean).join(' ')}
                </li>
              ))}
            </ul>
          </>
        )}
        {(refusal.kind === 'nothing' || refusal.kind === 'build' || refusal.kind === 'remote') && <p>{refusal.message}</p>}
      </div>
      <p>
        <a href="/admin/history">Back to the history</a>
      </p>
    </Page>
  );
}
