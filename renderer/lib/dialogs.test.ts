import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./navigate.ts', () => ({ navigateTo: vi.fn() }));

const { navigateTo } = await import('./navigate.ts');
const { openDialog, registerDialog, setDialogFailed, setDialogWaker } = await import('./dialogs.ts');

function link(href: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  return a;
}

/** A dialog island's prerendered <dialog>; jsdom has no showModal, and its close fires no "close" event. */
function prerendered(): HTMLDialogElement {
  const dialog = document.createElement('dialog');
  dialog.showModal = () => dialog.setAttribute('open', '');
  dialog.close = () => {
    dialog.removeAttribute('open');
    dialog.dispatchEvent(new Event('close'));
  };
  return dialog;
}

afterEach(() => {
  setDialogFailed('book-demo', false);
  setDialogWaker(() => null);
  vi.mocked(navigateTo).mockClear();
});

describe('dialogs whose code failed to arrive', () => {
  it('send the link that asked for one to its page, and let later links lead there', () => {
    const dialog = prerendered();
    const wake = vi.fn(() => dialog);
    setDialogWaker(wake);
    const opener = link('/book-a-demo');
    expect(openDialog('book-demo', opener)).toBe(true);
    expect(wake).toHaveBeenCalledWith('book-demo');
    expect(dialog.open).toBe(true);
    setDialogFailed('book-demo', true);
    expect(navigateTo).toHaveBeenCalledWith(opener.href);
    expect(dialog.open).toBe(false);
    // The browser follows the next one itself.
    expect(openDialog('book-demo', link('/book-a-demo'))).toBe(false);
  });

  it('keep a button or a "#id" link waiting for "Try again", and open as before once it succeeds', () => {
    const dialog = prerendered();
    setDialogWaker(() => dialog);
    const button = document.createElement('button');
    expect(openDialog('book-demo', button)).toBe(true);
    setDialogFailed('book-demo', true);
    expect(navigateTo).not.toHaveBeenCalled();
    // Its frame is closed, so that the island's failure message and "Try again" are what the visitor sees.
    expect(dialog.open).toBe(false);
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

describe('a dialog asked for before its block is live', () => {
  it('shows its prerendered frame at once, and opens with its block once that registers', () => {
    const dialog = prerendered();
    setDialogWaker(() => dialog);
    const button = document.createElement('button');
    expect(openDialog('book-demo', button)).toBe(true);
    expect(dialog.open).toBe(true);
    const open = vi.fn();
    const unregister = registerDialog('book-demo', open);
    expect(open).toHaveBeenCalledWith(button);
    unregister();
  });

  it('is no longer asked for once the visitor has closed it (Escape, Close) before its block registered', () => {
    const dialog = prerendered();
    setDialogWaker(() => dialog);
    expect(openDialog('book-demo', document.createElement('button'))).toBe(true);
    dialog.close();
    const open = vi.fn();
    const unregister = registerDialog('book-demo', open);
    expect(open).not.toHaveBeenCalled();
    unregister();
  });

  it('is not opened where the page has no such dialog island', () => {
    setDialogWaker(() => null);
    expect(openDialog('book-demo', link('/book-a-demo'))).toBe(false);
  });
});
