// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { clearPageState, pageState } from './page-state.ts';

describe('pageState', () => {
  it('gives every caller of one name the same object, made once', () => {
    let made = 0;
    const create = () => ({ count: ++made });
    const a = pageState('test-one-name', create);
    const b = pageState('test-one-name', create);
    expect(b).toBe(a);
    expect(made).toBe(1);
  });

  it('keeps names apart', () => {
    expect(pageState('test-name-a', () => ({ n: 1 }))).not.toBe(pageState('test-name-b', () => ({ n: 1 })));
  });

  it('is found by a second copy of the module, which has its own closures but the same global slot', async () => {
    const first = pageState('test-copies', () => ({ from: 'first' }));
    const copyUrl = './page-state.ts?copy';
    const copy = (await import(/* @vite-ignore */ copyUrl)) as typeof import('./page-state.ts');
    expect(copy.pageState).not.toBe(pageState);
    expect(copy.pageState('test-copies', () => ({ from: 'second' }))).toBe(first);
  });

  it('starts afresh after clearPageState, as a new page does', () => {
    const before = pageState('test-cleared', () => ({ n: 1 }));
    clearPageState();
    expect(pageState('test-cleared', () => ({ n: 2 }))).not.toBe(before);
  });
});
