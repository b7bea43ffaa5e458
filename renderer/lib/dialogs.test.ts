import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./navigate.ts', () => ({ navigateTo: vi.fn() }));

const { navigateTo } = await import('./navigate.ts');
const { openDialog, registerDialog, setDialogFailed, setDialogWaker } = await import('./dialogs.ts');

function link(href: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  return a;
}

afterEach(() => {
  setDialogFailed('book-demo', false);
  setDialogWaker(() => false);
  vi.mocked(navigateTo).mockClear();
});

describe('dialogs whose code failed to arrive', () => {
  it('send the link that asked for one to its page, and let later links lead there', () => {
    const wake = vi.fn(() => true);
    setDialogWaker(wake);
    const opener = link('/book-a-demo');
    expect(openDialog('book-demo', opener)).toBe(true);
    expect(wake).toHaveBeenCalledWith('book-demo');
    setDialogFailed('book-demo', true);
    expect(navigateTo).toHaveBeenCalledWith(opener.href);
    // The browser follows the next one itself.
    expect(openDialog('book-demo', link('/book-a-demo'))).toBe(false);
  });

  it('keep a button or a "#id" link waiting for "Try again", and open as before once it succeeds', () => {
    setDialogWaker(() => true);
    const button = document.createElement('button');
    expect(openDialog('book-demo', button)).toBe(true);
    setDialogFailed('book-demo', true);
    expect(navigateTo).not.toHaveBeenCalled();
    expect(openDialog('book-demo', link('#book-demo'))).toBe(true);
    setDialogFailed('book-demo', false);
    const open = vi.fn();
    const unregister = registerDialog('book-demo', open);
    expect(open).toHaveBeenCalledTimes(1);
    expect(openDialog('book-demo', link('/book-a-demo'))).toBe(true);
    expect(open).toHaveBeenCalledTimes(2);
    unregister();
  });
});
