import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPageState } from '../lib/page-state.ts';

/** The shell's catcher as a fresh page has it: its state lives in a page-wide slot, cleared here. */
async function freshCatcher() {
  clearPageState();
  vi.resetModules();
  return import('./early.ts');
}

beforeEach(() => document.body.replaceChildren());

describe('the early catcher (the shell, before the islands loader)', () => {
  it('makes buttons of the links a dialog or an island takes over, and only those', async () => {
    const { catchEarly, takeEarly } = await freshCatcher();
    document.body.innerHTML = `
      <a href="/book-a-demo" data-opens="book-demo" aria-haspopup="dialog">Contact Sales</a>
      <div data-island="1"><a href="/enquiry" data-expands="">Get in touch</a></div>
      <a href="/contact">Contact us</a>
      <a href="#faq">FAQ</a>`;
    catchEarly(document);
    const [dialogLink, expander, plain, jump] = document.querySelectorAll('a');
    expect(dialogLink.getAttribute('role')).toBe('button');
    expect(dialogLink.hasAttribute('aria-expanded')).toBe(false);
    expect(expander.getAttribute('role')).toBe('button');
    expect(expander.getAttribute('aria-expanded')).toBe('false');
    for (const link of [plain, jump]) expect(link.hasAttribute('role')).toBe(false);
    takeEarly(document.body);
  });

  it("holds a click on a link its island turns into a button for that island, and a dialog link's click for the loader", async () => {
    const { catchEarly, takeEarly, takeEarlyDialogs } = await freshCatcher();
    document.body.innerHTML = `
      <a href="/book-a-demo" data-opens="book-demo">Contact Sales</a>
      <div data-island="0" data-dialog="book-demo"><dialog><h2>Book a demo</h2></dialog></div>
      <div data-island="1"><a href="/enquiry" data-expands="">Get in touch</a></div>`;
    // jsdom has no showModal.
    const dialog = document.querySelector('dialog')!;
    dialog.showModal = () => dialog.setAttribute('open', '');
    catchEarly(document);
    const [dialogLink, expander] = document.querySelectorAll('a');
    const asked = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    dialogLink.dispatchEvent(asked);
    const pressed = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    expander.dispatchEvent(pressed);
    // Neither link is followed: the dialog's frame opens now, its content and the unfolded form come with their code.
    expect(asked.defaultPrevented).toBe(true);
    expect(dialog.open).toBe(true);
    expect(pressed.defaultPrevented).toBe(true);
    expect(takeEarlyDialogs()).toEqual([{ id: 'book-demo', opener: dialogLink }]);
    expect(takeEarly(document.querySelector('[data-island="1"]')!)).toEqual([pressed]);
  });

  it('leaves Escape and a click on Close inside an open dialog to the browser, which closes it', async () => {
    const { catchEarly, takeEarly } = await freshCatcher();
    document.body.innerHTML = `
      <div data-island="0" data-dialog="book-demo"><dialog id="d" open><h2>Book a demo</h2>
        <button type="button" aria-label="Close" commandfor="d" command="close">x</button></dialog></div>`;
    catchEarly(document);
    const close = document.querySelector('button')!;
    const events = [
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
      new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }),
    ];
    for (const e of events) close.dispatchEvent(e);
    expect(events.map((e) => e.defaultPrevented)).toEqual([false, false]);
    expect(takeEarly(document.querySelector('[data-island]')!)).toEqual([]);
  });
});
