/**
 * Draft mode's screens with the server answered at the fetch boundary: the conflict chooser, the top bar's publish,
 * discard (with undo), autosave and notices, and "Share preview".
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldConflict, PreviewLink } from '../server/publish/types.ts';
import { PublishConflictDialog } from './ConflictDialog.tsx';
import { DraftBar } from './DraftBar.tsx';
import type { PageDoc } from './ops.ts';
import { SharePreview } from './SharePreview.tsx';
import { editorStore } from './store.ts';

type Answer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
type Route = (body: Record<string, unknown>, call: number) => Answer;

/** The editor's server: each "METHOD name" answers as the test says; every request is recorded. */
function fakeServer(routes: Record<string, Route>) {
  const requests: { name: string; method: string; body: Record<string, unknown>; keepalive?: boolean }[] = [];
  const counts: Record<string, number> = {};
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const name = String(url)
      .replace(/^.*\/api\//, '')
      .replace(/\?.*$/, '');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    requests.push({ name, method, body, keepalive: init?.keepalive });
    const key = `${method} ${name}`;
    counts[key] = (counts[key] ?? 0) + 1;
    const route = routes[key];
    const a = route ? await route(body, counts[key]) : { status: 404, body: { message: `No ${key}` } };
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status });
  });
  return { requests, sent: (key: string) => requests.filter((r) => `${r.method} ${r.name}` === key) };
}

const page = (heading: string): PageDoc => ({ route: '/', title: 'Home', blocks: [{ type: 'Hero', heading }] }) as PageDoc;
const draftInfo = { base: 'c0', changes: [], behind: false };

beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
  };
  editorStore.setState({
    working: { 'pages/home.json': page('Welcome') },
    base: { 'pages/home.json': { hash: 'h0', text: '{}', data: page('Welcome') } },
    conflicts: {},
  });
  editorStore.temporal.getState().clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const conflicts: FieldConflict[] = [
  {
    file: 'pages/home.json',
    pointer: '/blocks/0/heading',
    label: 'Home page › Hero › Heading',
    base: 'Welcome',
    mine: 'Built for owners',
    theirs: 'Built for vendors',
  },
  {
    file: 'site.json',
    pointer: '/nav/1',
    label: 'Site settings › Header › Link 2',
    base: null,
    mine: { label: 'Vendors', href: '/vendors' },
    theirs: undefined,
  },
];

describe('the conflict chooser', () => {
  it('opens as a modal, shows both values in plain words and publishes the choices made with the keyboard', async () => {
    const user = userEvent.setup();
    const onPublish = vi.fn();
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<PublishConflictDialog conflicts={conflicts} onPublish={onPublish} onCancel={() => undefined} />);
    expect(showModal).toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Someone else changed the same thing' });
    const heading = within(dialog).getByRole('group', { name: 'Home page › Hero › Heading' });
    const mine = within(heading).getByRole('radio', { name: 'Keep yours: Built for owners' });
    within(heading).getByRole('radio', { name: 'Keep the published version: Built for vendors' });
    const nav = within(dialog).getByRole('group', { name: 'Site settings › Header › Link 2' });
    within(nav).getByRole('radio', { name: 'Keep yours: {"label":"Vendors","href":"/vendors"}' });
    const theirs = within(nav).getByRole('radio', { name: 'Keep the published version: (nothing)' });

    mine.focus();
    await user.keyboard(' ');
    theirs.focus();
    await user.keyboard(' ');
    within(dialog).getByRole('button', { name: 'Publish with these choices' }).focus();
    await user.keyboard('{Enter}');
    expect(onPublish).toHaveBeenCalledWith({ 'pages/home.json#/blocks/0/heading': 'mine', 'site.json#/nav/1': 'theirs' });
  });

  it('asks for a choice on every field before publishing, and takes the person to the first one left', async () => {
    const user = userEvent.setup();
    const onPublish = vi.fn();
    render(<PublishConflictDialog conflicts={conflicts} initial={{ 'site.json#/nav/1': 'mine' }} onPublish={onPublish} onCancel={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Publish with these choices' }));
    expect(onPublish).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Choose which version to keep for “Home page › Hero › Heading”.');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Keep yours: Built for owners' }));
    // The choice kept from before is still made.
    expect(screen.getByRole('radio', { name: 'Keep yours: {"label":"Vendors","href":"/vendors"}' })).toHaveProperty('checked', true);
  });

  it('Escape and "Cancel" publish nothing', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const onPublish = vi.fn();
    render(<PublishConflictDialog conflicts={conflicts} onPublish={onPublish} onCancel={onCancel} />);
    // The browser turns Escape in a modal dialog into its cancel event.
    const escape = new Event('cancel', { cancelable: true });
    fireEvent(screen.getByRole('dialog'), escape);
    expect(escape.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onPublish).not.toHaveBeenCalled();
  });
});

describe('the draft bar', () => {
  const renderBar = (onProblems = vi.fn()) => {
    const onReload = vi.fn(async () => undefined);
    render(
      <header>
        <DraftBar onReload={onReload} onProblems={onProblems} />
      </header>,
    );
    return { onReload, onProblems };
  };
  const status = () => screen.getAllByRole('status')[0];

  it('saves as the person types: "Saving…", then "Draft saved"', async () => {
    const server = fakeServer({
      'GET draft': () => ({ status: 200, body: draftInfo }),
      'POST save': (b) => ({ status: 200, body: { path: b.path, hash: 'h1', text: 'saved' } }),
    });
    renderBar();
    expect(status().textContent).toBe('Draft saved');
    act(() => editorStore.getState().edit('pages/home.json', () => page('Hello')));
    expect(status().textContent).toBe('Saving…');
    await waitFor(() => expect(server.sent('POST save')).toHaveLength(1));
    expect(server.sent('POST save')[0].body).toEqual({ path: 'pages/home.json', data: page('Hello'), baseHash: 'h0' });
    await waitFor(() => expect(status().textContent).toBe('Draft saved'));
    expect(editorStore.getState().base['pages/home.json'].hash).toBe('h1');
  });

  it('a failed save keeps the edits, says so and can be tried again', async () => {
    let up = false;
    const server = fakeServer({
      'GET draft': () => ({ status: 200, body: draftInfo }),
      'POST save': () => (up ? { status: 200, body: { hash: 'h1', text: 'saved' } } : { status: 503, body: { message: 'The service is restarting.' } }),
    });
    const user = userEvent.setup();
    renderBar();
    act(() => editorStore.getState().edit('pages/home.json', () => page('Kept')));
    await waitFor(() =>
      expect(status().textContent).toContain('Not saved yet: The service is restarting. Your changes are kept here and will be saved when the server answers.'),
    );
    expect((editorStore.getState().working['pages/home.json'] as PageDoc).blocks[0]).toMatchObject({ heading: 'Kept' });
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(status().textContent).toBe('Draft saved'));
    expect(server.sent('POST save')).toHaveLength(2);
  });

  it('publishes: the button is unavailable while it runs, then says what was published', async () => {
    let finish: (a: { status: number; body: unknown }) => void = () => undefined;
    const server = fakeServer({
      'GET draft': () => ({ status: 200, body: draftInfo }),
      'POST publish': () => new Promise((resolve) => (finish = resolve)),
      'GET file': () => ({ status: 200, body: { path: 'pages/home.json', hash: 'h0', text: '{}', data: page('Welcome') } }),
    });
    const user = userEvent.setup();
    const { onReload } = renderBar();
    const publish = screen.getByRole('button', { name: 'Publish' });
    await user.click(publish);
    await waitFor(() => expect(status().textContent).toBe('Publishing… (checking and building the site)'));
    expect(publish.getAttribute('aria-disabled')).toBe('true');
    await user.click(publish);
    expect(server.sent('POST publish')).toHaveLength(1);
    finish({ status: 200, body: { commit: 'c1', message: 'Home page: hero heading changed', files: [] } });
    await waitFor(() => expect(status().textContent).toBe('Published: Home page: hero heading changed'));
    expect(publish.getAttribute('aria-disabled')).toBe('false');
    expect(onReload).toHaveBeenCalled();
  });

  it('a conflict asks, then publishes again with the choices', async () => {
    const server = fakeServer({
      'GET draft': () => ({ status: 200, body: draftInfo }),
      'POST publish': (b) =>
        b.resolutions
          ? { status: 200, body: { commit: 'c2', message: 'Home page: hero heading changed', files: [] } }
          : { status: 409, body: { kind: 'conflict', message: 'Someone else changed the same thing.', conflicts: conflicts.slice(0, 1) } },
      'GET file': () => ({ status: 200, body: { path: 'pages/home.json', hash: 'h0', text: '{}', data: page('Welcome') } }),
    });
    const user = userEvent.setup();
    renderBar();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed the same thing' });
    await user.click(within(dialog).getByRole('radio', { name: 'Keep the published version: Built for vendors' }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish with these choices' }));
    await waitFor(() => expect(status().textContent).toBe('Published: Home page: hero heading changed'));
    expect(server.sent('POST publish').map((r) => r.body)).toEqual([{}, { resolutions: { 'pages/home.json#/blocks/0/heading': 'theirs' } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a publish the checker refuses lists the problems in the shell, and nothing else', async () => {
    fakeServer({
      'GET draft': () => ({ status: 200, body: draftInfo }),
      'POST publish': () => ({
        status: 422,
        body: {
          kind: 'invalid',
          message: 'Not published.',
          diagnostics: [
            {
              severity: 'error',
              code: 'schema',
              message: 'must NOT have more than 80 characters',
              file: 'site.config/pages/home.json',
              pointer: '/blocks/0/heading',
            },
            { severity: 'warning', code: 'w', message: 'a warning', file: 'site.config/pages/home.json', pointer: '/title' },
          ],
        },
      }),
    });
    const user = userEvent.setup();
    const { onProblems } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onProblems).toHaveBeenCalled());
    const [message, items] = onProblems.mock.calls[0] as [string, { file: string; pointer: string }[]];
    expect(message).toBe('Not published: fix 1 problem first. Nothing was changed.');
    expect(items).toMatchObject([{ file: 'pages/home.json', pointer: '/blocks/0/heading' }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [502, 'remote', 'The site’s repository could not be reached. Nothing was published.'],
    [422, 'build', 'The site could not be built. Nothing was published.'],
    [409, 'nothing', 'Your draft is the same as the live site: there is nothing to publish.'],
  ])('a %i %s answer is shown in an alert', async (code, kind, message) => {
    fakeServer({ 'GET draft': () => ({ status: 200, body: draftInfo }), 'POST publish': () => ({ status: code, body: { kind, message } }) });
    const user = userEvent.setup();
    renderBar();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });

  it('discards the draft, drops the local copies, and brings it back with Undo', async () => {
    let discarded = false;
    const server = fakeServer({
      'GET draft': () => ({ status: 200, body: draftInfo }),
      'POST discard': () => ((discarded = true), { status: 200, body: { undo: 'u1' } }),
      'POST discard/undo': (b) => (b.undo === 'u1' ? ((discarded = false), { status: 204 }) : { status: 404, body: { message: 'gone' } }),
      'POST save': () => ({ status: 500, body: { message: 'should not be sent' } }),
      'GET file': () =>
        discarded
          ? { status: 200, body: { path: 'pages/home.json', hash: 'live', text: '{}', data: page('Live') } }
          : { status: 200, body: { path: 'pages/home.json', hash: 'h7', text: '{}', data: page('My draft') } },
    });
    const user = userEvent.setup();
    const { onReload } = renderBar();
    // An edit not yet sent: it belongs to the draft being discarded and is dropped, not saved.
    act(() => editorStore.getState().edit('pages/home.json', () => page('Typing')));
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(within(status()).queryByText('Draft discarded.')).not.toBeNull());
    expect(server.sent('POST save')).toHaveLength(0);
    expect(editorStore.getState().working['pages/home.json']).toEqual(page('Live'));
    expect(editorStore.temporal.getState().pastStates).toEqual([]);
    expect(onReload).toHaveBeenCalled();

    await user.click(within(status()).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(status().textContent).toBe('Your draft is back.'));
    expect(server.sent('POST discard/undo')[0].body).toEqual({ undo: 'u1' });
    expect(editorStore.getState().working['pages/home.json']).toEqual(page('My draft'));
  });

  it('says when the draft was brought onto someone else’s publish, and when it is behind', async () => {
    const server = fakeServer({
      'GET draft': (_b, n) => ({
        status: 200,
        body:
          n === 1
            ? { ...draftInfo, rebased: { onto: 'c3', by: 'Ann Owner', message: 'Home page: hero heading changed', at: '2026-11-26T10:00:00Z' } }
            : draftInfo,
      }),
      'POST draft/seen': () => ({ status: 204 }),
      'GET file': () => ({ status: 200, body: { path: 'pages/home.json', hash: 'h0', text: '{}', data: page('Welcome') } }),
    });
    const user = userEvent.setup();
    renderBar();
    const notice = await screen.findByText('Your draft now includes the latest published changes (Ann Owner: Home page: hero heading changed).');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(server.sent('POST draft/seen')).toHaveLength(1);
    expect(screen.queryByText(/latest published changes/)).toBeNull();
    cleanup();

    fakeServer({ 'GET draft': () => ({ status: 200, body: { ...draftInfo, behind: true } }) });
    renderBar();
    await screen.findByText('A newer version is live, and it changes some of the same fields as your draft. You will choose which to keep when you publish.');
  });

  it('lists the draft’s changes with each field’s before and after', async () => {
    const changes = [
      {
        file: 'pages/home.json',
        label: 'Home page',
        status: 'modified',
        summary: 'Home page: hero heading changed',
        fields: [{ pointer: '/blocks/0/heading', label: 'Hero › Heading', before: 'Welcome', after: 'Built for owners' }],
      },
    ];
    fakeServer({ 'GET draft': () => ({ status: 200, body: { ...draftInfo, changes } }) });
    const user = userEvent.setup();
    renderBar();
    await user.click(await screen.findByRole('button', { name: 'Your changes (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Your changes' });
    within(dialog).getByText('Home page: hero heading changed');
    const row = within(dialog).getByRole('row', { name: 'Hero › Heading Welcome Built for owners' });
    expect(row).toBeTruthy();
  });
});

describe('Share preview', () => {
  // The links below were made a week before they expire: the clock is put half an hour after the making, so they still
  // work whatever day the tests run (only Date is replaced; timers run as usual).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T10:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const link: PreviewLink & { url: string } = {
    id: 'p1',
    createdAt: '2026-11-26T10:00:00Z',
    expiresAt: '2026-12-03T10:00:00Z',
    revokedAt: null,
    sharedBy: 'Ann Owner',
    url: 'http://127.0.0.1:4371/preview/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  };

  it('makes a link, copies it, and revokes it', async () => {
    let revoked: string | null = null;
    const server = fakeServer({
      'POST previews': () => ({ status: 201, body: { link } }),
      'GET previews': () => ({ status: 200, body: { links: [{ ...link, url: undefined, revokedAt: revoked }] } }),
      'POST previews/revoke': (b) => (b.id === 'p1' ? ((revoked = '2026-11-26T11:00:00Z'), { status: 204 }) : { status: 404, body: {} }),
    });
    const user = userEvent.setup();
    // After user-event's setup, which puts a clipboard of its own in place.
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const beforeShare = vi.fn(async () => true);
    render(<SharePreview onClose={() => undefined} beforeShare={beforeShare} />);
    const dialog = screen.getByRole('dialog', { name: 'Share preview' });
    within(dialog).getByText('Making the preview… (building the site with your draft)');
    const box = await within(dialog).findByRole('textbox', { name: 'Preview link' });
    expect(beforeShare).toHaveBeenCalled();
    expect(box).toHaveProperty('value', link.url);
    expect(box).toHaveProperty('readOnly', true);
    within(dialog).getByText(/^Anyone with this link can see the whole site with your draft until .*2026.*, unless you revoke it\.$/);

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link.url);
    await within(dialog).findByText('Link copied.');

    const list = await within(dialog).findByRole('list', { name: 'Your preview links' });
    await user.click(within(list).getByRole('button', { name: 'Revoke' }));
    expect(server.sent('POST previews/revoke')[0].body).toEqual({ id: 'p1' });
    await within(dialog).findByText('You revoked this link: it no longer works.');
    await waitFor(() => expect(within(list).queryByRole('button', { name: 'Revoke' })).toBeNull());
    expect(server.sent('POST previews')).toHaveLength(1);
  });

  it('says why no link was made', async () => {
    fakeServer({
      'POST previews': () => ({ status: 422, body: { message: 'Your draft has problems to fix first.' } }),
      'GET previews': () => ({ status: 200, body: { links: [] } }),
    });
    render(<SharePreview onClose={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toContain('No preview link was made: Your draft has problems to fix first.');
    await screen.findByText('You have no preview links.');
    expect(screen.queryByRole('textbox', { name: 'Preview link' })).toBeNull();
  });
});
