/** Draft mode's logic: autosave (debounce, failures keep the edits, conflicts), publish answers, reloading the draft. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type FileDoc } from './api.ts';
import { conflictKey as serverKey } from '../server/publish/types.ts';
import { conflictKey, createAutosaver, publishResult, reloadFromServer, saveFailedMessage, showValue, type SaveState } from './draft.ts';
import type { PageDoc } from './ops.ts';
import { breakCoalescing, createEditorStore } from './store.ts';

const page = (heading: string): PageDoc => ({ route: '/', title: 'Home', blocks: [{ type: 'Hero', heading }] }) as PageDoc;

function storeWithPage() {
  const store = createEditorStore();
  store.getState().loaded('pages/home.json', { hash: 'h0', text: '{}', data: page('Welcome') });
  return store;
}

const type = (store: ReturnType<typeof createEditorStore>, heading: string) => store.getState().edit('pages/home.json', () => page(heading), 'heading');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('autosave', () => {
  it('saves once, with the latest text, half a second after typing stops', async () => {
    const store = storeWithPage();
    const save = vi.fn(async (_p: string, _d: unknown, base: string) => ({ hash: `${base}+`, text: 'saved' }));
    const states: SaveState['kind'][] = [];
    createAutosaver({ store, save, onState: (s) => states.push(s.kind) });
    type(store, 'W');
    await vi.advanceTimersByTimeAsync(300);
    type(store, 'Wh');
    await vi.advanceTimersByTimeAsync(300);
    type(store, 'Who');
    expect(save).not.toHaveBeenCalled();
    expect(states.at(-1)).toBe('saving');
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]).toEqual(['pages/home.json', page('Who'), 'h0', false]);
    expect(store.getState().base['pages/home.json'].hash).toBe('h0+');
    expect(states.at(-1)).toBe('saved');
  });

  it('a failed save keeps the edits and says so; the next try saves them', async () => {
    const store = storeWithPage();
    let up = false;
    const save = vi.fn(async () => {
      if (!up) throw new Error('The server could not be reached');
      return { hash: 'h1', text: 'saved' };
    });
    let state: SaveState = { kind: 'saved' };
    const saver = createAutosaver({ store, save, retryDelay: 60_000, onState: (s) => (state = s) });
    type(store, 'Kept');
    await vi.advanceTimersByTimeAsync(500);
    expect(state).toEqual({ kind: 'failed', reason: 'The server could not be reached' });
    expect(saveFailedMessage('The server could not be reached')).toBe(
      'Not saved yet: The server could not be reached. Your changes are kept here and will be saved when the server answers.',
    );
    // The edit is still the working copy (and so in localStorage), not rolled back.
    expect((store.getState().working['pages/home.json'] as PageDoc).blocks[0]).toMatchObject({ heading: 'Kept' });
    expect(store.getState().base['pages/home.json'].hash).toBe('h0');
    up = true;
    expect(await saver.flush()).toBe(true);
    expect(save).toHaveBeenCalledTimes(2);
    expect(state).toEqual({ kind: 'saved' });
    expect(store.getState().base['pages/home.json'].hash).toBe('h1');
  });

  it('tries a failed save again by itself', async () => {
    const store = storeWithPage();
    const save = vi
      .fn<(p: string, d: unknown, b: string, k: boolean) => Promise<{ hash: string; text: string }>>()
      .mockRejectedValueOnce(new Error('Bad gateway'))
      .mockResolvedValue({ hash: 'h1', text: 'saved' });
    createAutosaver({ store, save, retryDelay: 5000 });
    type(store, 'Later');
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(2);
    expect(store.getState().base['pages/home.json'].hash).toBe('h1');
  });

  it('flush sends at once, with keepalive when asked (the tab is closing)', async () => {
    const store = storeWithPage();
    const save = vi.fn(async () => ({ hash: 'h1', text: 'saved' }));
    const saver = createAutosaver({ store, save });
    type(store, 'Now');
    await saver.flush(true);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]).toEqual(['pages/home.json', page('Now'), 'h0', true]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('a file changed on the server meanwhile becomes a choice for the person, not an overwrite', async () => {
    const store = storeWithPage();
    const disk = { path: 'pages/home.json', hash: 'h9', text: '{"x":1}', data: page('Theirs') };
    const save = vi.fn(async () => {
      throw new ApiError(409, { message: 'changed', disk });
    });
    createAutosaver({ store, save });
    type(store, 'Mine');
    await vi.advanceTimersByTimeAsync(500);
    expect(store.getState().conflicts['pages/home.json'].disk).toEqual({ hash: 'h9', text: '{"x":1}', data: page('Theirs') });
    expect((store.getState().working['pages/home.json'] as PageDoc).blocks[0]).toMatchObject({ heading: 'Mine' });
    // While the person has not chosen, nothing more is sent for that file.
    type(store, 'Mine too');
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('once the person keeps their version, it is saved over the server’s', async () => {
    const store = storeWithPage();
    const disk = { path: 'pages/home.json', hash: 'h9', text: '{"x":1}', data: page('Theirs') };
    const save = vi
      .fn<(p: string, d: unknown, b: string, k: boolean) => Promise<{ hash: string; text: string }>>()
      .mockRejectedValueOnce(new ApiError(409, { message: 'changed', disk }))
      .mockResolvedValue({ hash: 'h10', text: 'saved' });
    createAutosaver({ store, save });
    type(store, 'Mine');
    await vi.advanceTimersByTimeAsync(500);
    // "Keep my version" (Panes.tsx): the server's version becomes the base.
    store.getState().saved('pages/home.json', store.getState().conflicts['pages/home.json'].disk);
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]).toEqual(['pages/home.json', page('Mine'), 'h9', false]);
    expect(store.getState().base['pages/home.json'].hash).toBe('h10');
  });

  it('cancel drops saves not yet sent (a discard is coming)', async () => {
    const store = storeWithPage();
    const save = vi.fn(async () => ({ hash: 'h1', text: 'saved' }));
    const saver = createAutosaver({ store, save });
    type(store, 'Gone');
    await saver.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).not.toHaveBeenCalled();
    expect(saver.state()).toEqual({ kind: 'saved' });
  });
});

describe('publish answers', () => {
  it('maps each answer of the server to its kind', () => {
    expect(publishResult(200, { commit: 'abc', message: 'Home page: hero heading changed', files: [] })).toEqual({
      ok: true,
      commit: 'abc',
      message: 'Home page: hero heading changed',
      files: [],
    });
    const conflict = { file: 'pages/home.json', pointer: '/blocks/0/heading', label: 'Home page › Hero › Heading', base: 'a', mine: 'b', theirs: 'c' };
    expect(publishResult(409, { kind: 'conflict', message: 'm', conflicts: [conflict] })).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'm',
      conflicts: [conflict],
    });
    expect(publishResult(409, { kind: 'nothing', message: 'Nothing to publish.' })).toEqual({ ok: false, kind: 'nothing', message: 'Nothing to publish.' });
    const invalid = publishResult(422, {
      kind: 'invalid',
      message: 'm',
      diagnostics: [{ severity: 'error', code: 'x', message: 'Too long', file: 'site.config/pages/home.json', path: '/blocks/0/heading' }],
    });
    expect(invalid).toMatchObject({ ok: false, kind: 'invalid', diagnostics: [{ file: 'pages/home.json', pointer: '/blocks/0/heading', severity: 'error' }] });
    expect(publishResult(422, { kind: 'build', message: 'The build failed.' })).toEqual({ ok: false, kind: 'build', message: 'The build failed.' });
    expect(publishResult(502, { kind: 'remote', message: 'The remote refused.' })).toEqual({ ok: false, kind: 'remote', message: 'The remote refused.' });
    expect(publishResult(500, {})).toEqual({ ok: false, kind: 'error', message: 'The server answered 500.' });
  });
});

describe('conflict keys', () => {
  it('are the server’s own', () => {
    for (const c of [
      { file: 'pages/home.json', pointer: '/blocks/0/heading' },
      { file: 'site.json', pointer: '' },
      { file: 'faqs/a#b.json', pointer: '/items/1/answer' },
    ])
      expect(conflictKey(c)).toBe(serverKey(c));
  });
});

describe('words', () => {
  it('shows text as it is and anything else as short JSON', () => {
    expect(showValue('Built for owners')).toBe('Built for owners');
    expect(showValue('')).toBe('(empty)');
    expect(showValue(undefined)).toBe('(nothing)');
    expect(showValue(3)).toBe('3');
    expect(showValue({ label: 'Vendors', href: '/vendors' })).toBe('{"label":"Vendors","href":"/vendors"}');
    expect(showValue({ long: 'x'.repeat(400) }).length).toBe(160);
  });
});

describe('reloading the draft', () => {
  const read = (docs: Record<string, FileDoc | null>) => async (path: string) => {
    const d = docs[path];
    if (!d) throw new ApiError(404, { message: 'gone' });
    return d;
  };

  it('after a discard, replaces the local copies and their undo history with the server’s files', async () => {
    const store = storeWithPage();
    store.getState().loaded('pages/new.json', { hash: 'n0', text: '{}', data: page('New') });
    store.getState().openPageAt('pages/new.json');
    breakCoalescing();
    type(store, 'Unsaved');
    expect(store.temporal.getState().pastStates.length).toBeGreaterThan(0);
    await reloadFromServer(
      store,
      read({ 'pages/home.json': { path: 'pages/home.json', hash: 'h5', text: '{}', data: page('Live') }, 'pages/new.json': null }),
      true,
    );
    const st = store.getState();
    expect(st.working).toEqual({ 'pages/home.json': page('Live') });
    expect(st.base['pages/home.json'].hash).toBe('h5');
    expect(st.openPage).toBeNull();
    expect(store.temporal.getState().pastStates).toEqual([]);
  });

  it('otherwise keeps unsaved edits and asks about a file that changed underneath them', async () => {
    const store = storeWithPage();
    type(store, 'Unsaved');
    await reloadFromServer(store, read({ 'pages/home.json': { path: 'pages/home.json', hash: 'h5', text: '{}', data: page('Live') } }), false);
    expect((store.getState().working['pages/home.json'] as PageDoc).blocks[0]).toMatchObject({ heading: 'Unsaved' });
    expect(store.getState().conflicts['pages/home.json']).toBeDefined();
  });
});
