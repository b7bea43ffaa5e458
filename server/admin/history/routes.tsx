/** The history of the live site: every change with its fields' before and after, and "Undo this change". */
import type { Hono } from 'hono';
import { audit } from '../audit.ts';
import { needs, type BackOfficeContext, type BackOfficeEnv, type BackOfficeOptions } from '../context.ts';
import { refusalPage, renderPage } from '../layout.tsx';
import { can } from '../roles.ts';
import { HistoryPage, UndoRefusedPage, type UndoRefusal } from './views.tsx';

export const HISTORY_PAGE_SIZE = 30;
/** A full commit id: nothing else from the address ever reaches the publisher (and from it, git). */
const COMMIT = /^[0-9a-f]{40}$/;
const SHORT = /^[0-9a-f]{7,40}$/;

const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** "Undo “Owner page: hero heading changed”" → "Owner page: hero heading changed". */
const undoneMessage = (message: string) => /^Undo “(.*)”$/.exec(message)?.[1] ?? message;

export function registerHistory(app: Hono<BackOfficeEnv>, o: BackOfficeOptions): void {
  const timeZone = serverTimeZone();
  const notFound = (c: BackOfficeContext) => refusalPage(c, 404, 'There is no such change in the history of the live site.');

  app.get('/admin/history', needs('pages.edit', refusalPage), async (c) => {
    const signedIn = c.get('signedIn')!;
    const canUndo = can(signedIn.staff.role, 'pages.publish');
    if (!o.publishing) return renderPage(c, <HistoryPage signedIn={signedIn} entries={null} page={1} hasMore={false} canUndo={false} timeZone={timeZone} />);
    const requested = Number(c.req.query('page') ?? '1');
    const page = Number.isInteger(requested) && requested > 0 && requested < 100_000 ? requested : 1;
    // One more than a page: whether older changes follow, without a page that turns out empty.
    const found = await o.publishing.publisher.history({ limit: HISTORY_PAGE_SIZE + 1, skip: (page - 1) * HISTORY_PAGE_SIZE });
    const entries = found.slice(0, HISTORY_PAGE_SIZE);
    let notice: string | undefined;
    const undone = c.req.query('undone');
    if (undone && SHORT.test(undone)) {
      const made = entries.find((e) => e.commit.startsWith(undone));
      notice = made ? `Undone: ${undoneMessage(made.message)}` : 'The change was undone.';
    }
    return renderPage(
      c,
      <HistoryPage
        signedIn={signedIn}
        entries={entries}
        page={page}
        hasMore={found.length > HISTORY_PAGE_SIZE}
        canUndo={canUndo}
        timeZone={timeZone}
        notice={notice}
      />,
    );
  });

  app.post('/admin/history/:commit/undo', needs('pages.publish', refusalPage), async (c) => {
    const commit = c.req.param('commit');
    if (!o.publishing || !COMMIT.test(commit)) return notFound(c);
    const { publisher } = o.publishing;
    const entry = await publisher.entry(commit);
    if (!entry) return notFound(c);
    const signedIn = c.get('signedIn')!;
    const staff = signedIn.staff;
    const outcome = await publisher.undo(commit, { name: staff.name || staff.email, email: staff.email });
    if (outcome.ok) {
      await audit(o.db, {
        actorId: staff.id,
        actor: staff.email,
        action: 'publish-undo',
        subject: commit,
        detail: { commit: outcome.commit, message: outcome.message, undone: entry.message, pushed: outcome.pushed },
      });
      return c.redirect(`/admin/history?undone=${outcome.commit.slice(0, 12)}`, 303);
    }
    const refusal: UndoRefusal =
      outcome.kind === 'conflict'
        ? { kind: 'conflict', conflicts: outcome.conflicts }
        : outcome.kind === 'invalid'
          ? { kind: 'invalid', diagnostics: outcome.diagnostics }
          : { kind: outcome.kind, message: outcome.message };
    const status = outcome.kind === 'remote' ? 502 : outcome.kind === 'conflict' || outcome.kind === 'nothing' ? 409 : 422;
    return renderPage(c, <UndoRefusedPage signedIn={signedIn} entry={entry} refusal={refusal} />, status);
  });
}
