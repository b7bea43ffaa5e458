import { beforeEach, describe, expect, it } from 'vitest';
import { breakCoalescing, createEditorStore, loadPersisted, packHistory, persist, unpackHistory } from './store.ts';
import { tidy, type PageDoc } from './ops.ts';

const page = (): PageDoc => ({
  route: '/a',
  title: 'A',
  description: 'Page A',
  blocks: [
    { type: 'hero', heading: 'One' },
    { type: 'faq', set: 'general' },
    { type: 'ctaBanner', heading: 'Three', id: 'cta' },
  ],
});

function setup() {
  const s = createEditorStore();
  s.getState().loaded('pages/a.json', { hash: 'h1', text: '', data: page() });
  s.getState().loaded('pages/b.json', { hash: 'h2', text: '', data: { ...page(), route: '/b', blocks: [{ type: 'hero', heading: 'B' }] } });
  s.getState().openPageAt('pages/a.json');
  breakCoalescing();
  return s;
}
const blocks = (s: ReturnType<typeof setup>, path = 'pages/a.json') => (s.getState().working[path] as PageDoc).blocks;

describe('editor store', () => {
  beforeEach(() => localStorage.clear());

  it('reading files is not an undo step', () => {
    const s = setup();
    expect(s.temporal.getState().pastStates).toHaveLength(0);
  });

  it('moves a block, keeps the others as they are, and follows it with the selection', () => {
    const s = setup();
    const before = blocks(s);
    s.getState().move(0, 2);
    expect(blocks(s).map((b) => b.type)).toEqual(['faq', 'ctaBanner', 'hero']);
    expect(blocks(s)[0]).toBe(before[1]);
    expect(s.getState().selected).toBe(2);
    s.getState().move(2, 5); // beyond the end: nothing to do
    expect(s.temporal.getState().pastStates).toHaveLength(1);
  });

  it('undoes and redoes', () => {
    const s = setup();
    s.getState().move(0, 1);
    s.getState().remove(0);
    expect(blocks(s).map((b) => b.type)).toEqual(['hero', 'ctaBanner']);
    s.temporal.getState().undo();
    expect(blocks(s).map((b) => b.type)).toEqual(['faq', 'hero', 'ctaBanner']);
    s.temporal.getState().undo();
    expect(blocks(s).map((b) => b.type)).toEqual(['hero', 'faq', 'ctaBanner']);
    s.temporal.getState().redo();
    expect(blocks(s).map((b) => b.type)).toEqual(['faq', 'hero', 'ctaBanner']);
  });

  it('typing into one field is one undo step', () => {
    const s = setup();
    for (const text of ['O', 'On', 'One!']) s.getState().updateBlock(0, { type: 'hero', heading: text }, 'heading');
    expect(s.temporal.getState().pastStates).toHaveLength(1);
    s.temporal.getState().undo();
    expect(blocks(s)[0]).toEqual({ type: 'hero', heading: 'One' });
  });

  it('duplicates a block with a fresh anchor name', () => {
    const s = setup();
    s.getState().duplicate(2);
    expect(blocks(s)).toHaveLength(4);
    expect(blocks(s)[3]).toEqual({ type: 'ctaBanner', heading: 'Three', id: 'cta-2' });
    expect(blocks(s)[3]).not.toBe(blocks(s)[2]);
    expect(s.getState().selected).toBe(3);
  });

  it('copies a block and pastes it into another page', () => {
    const s = setup();
    s.getState().copy(1);
    s.getState().openPageAt('pages/b.json');
    expect(s.getState().paste()).toBe(true);
    expect(blocks(s, 'pages/b.json').map((b) => b.type)).toEqual(['hero', 'faq']);
    expect(blocks(s, 'pages/a.json')).toHaveLength(3);
    s.temporal.getState().undo();
    expect(blocks(s, 'pages/b.json').map((b) => b.type)).toEqual(['hero']);
  });

  it('keeps unsaved work when the file is read again, and reports a conflict when it changed on disk', () => {
    const s = setup();
    s.getState().updateBlock(0, { type: 'hero', heading: 'Mine' });
    s.getState().loaded('pages/a.json', { hash: 'h1', text: '', data: page() });
    expect(blocks(s)[0].heading).toBe('Mine');
    s.getState().loaded('pages/a.json', { hash: 'h9', text: 'theirs', data: page() });
    expect(s.getState().conflicts['pages/a.json']?.disk.hash).toBe('h9');
    expect(blocks(s)[0].heading).toBe('Mine');
  });

  it('asks nothing when the file now holds exactly the unsaved work (a save sent as the page closed)', () => {
    const s = setup();
    s.getState().updateBlock(0, { type: 'hero', heading: 'Mine' });
    const mine = { ...page(), blocks: [{ type: 'hero', heading: 'Mine' }, ...page().blocks.slice(1)] };
    s.getState().loaded('pages/a.json', { hash: 'h5', text: 'mine', data: mine });
    expect(s.getState().conflicts['pages/a.json']).toBeUndefined();
    expect(s.getState().base['pages/a.json'].hash).toBe('h5');
    expect(blocks(s)[0].heading).toBe('Mine');
  });

  it('survives a reload: working copies and history come back from storage', () => {
    const s = setup();
    const saver = persist(s, localStorage, 0);
    s.getState().move(0, 1);
    s.getState().duplicate(0);
    saver.flush();
    saver.stop();
    const back = loadPersisted(localStorage)!;
    const s2 = createEditorStore(back.state);
    s2.temporal.setState({ pastStates: back.past, futureStates: back.future });
    expect(blocks(s2 as never).map((b) => b.type)).toEqual(['faq', 'faq', 'hero', 'ctaBanner']);
    s2.temporal.getState().undo();
    s2.temporal.getState().undo();
    expect(blocks(s2 as never).map((b) => b.type)).toEqual(['hero', 'faq', 'ctaBanner']);
  });

  it('writes each shared block of the history once', () => {
    const shared = { type: 'hero', heading: 'x' };
    const states = [1, 2, 3].map((n) => ({ working: { 'pages/a.json': { route: '/a', blocks: [shared, { type: 'faq', set: String(n) }] } } }));
    const packed = packHistory(states);
    expect(packed.table).toHaveLength(4);
    expect(unpackHistory(JSON.parse(JSON.stringify(packed)))).toEqual(states);
  });
});

describe('tidy', () => {
  it('drops what the form made up and keeps what was there', () => {
    const before = { type: 'hero', heading: 'A', actions: [] };
    expect(tidy({ type: 'hero', heading: 'B', actions: [], image: {}, text: undefined }, before)).toEqual({ type: 'hero', heading: 'B', actions: [] });
    expect(tidy({ ...before }, before)).toBe(before);
  });
});
