// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { previewGateHash } from '../../scripts/lib/build-info.ts';
import type { AdminLoginBlock } from '../../renderer/generated/config-types.ts';
import { navigateTo } from '../../renderer/lib/navigate.ts';
import { hasPreviewPass } from '../../renderer/lib/preview-pass.ts';
import example from './example.json';
import AdminLogin from './index.tsx';
import start from './script.ts';

// Pages are separate documents: going to / is a page load, which the test only records.
vi.mock('../../renderer/lib/navigate.ts', () => ({ navigateTo: vi.fn() }));

/** The block as the build prerenders it (this test's build configures no gate). */
function prerendered(): HTMLElement {
  document.body.innerHTML = `<div data-block="adminLogin">${renderToString(<AdminLogin {...(example as AdminLoginBlock)} />)}</div>`;
  return document.querySelector<HTMLElement>('[data-block="adminLogin"]')!;
}

/** Types an entry and submits it, as Enter in a field or a press of Submit does. */
function enter(block: HTMLElement, email: string, password: string): Event {
  block.querySelector<HTMLInputElement>('input[name="email"]')!.value = email;
  block.querySelector<HTMLInputElement>('input[type="password"]')!.value = password;
  const submit = new Event('submit', { bubbles: true, cancelable: true });
  block.querySelector('form')!.dispatchEvent(submit);
  return submit;
}

/** The block as a build with preview credentials prerenders it: the salted hash on its form. */
function withGate(block: HTMLElement): HTMLElement {
  const form = block.querySelector('form')!;
  form.dataset.salt = 'salt-for-tests';
  form.dataset.hash = previewGateHash('preview@buildpad.example', 'letmein', 'salt-for-tests');
  return block;
}

const shownAlert = (block: HTMLElement) => block.querySelector<HTMLElement>('[role="alert"]:not([hidden])');

beforeEach(() => {
  window.localStorage.clear();
  vi.mocked(navigateTo).mockClear();
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the hidden login, all of it in its block script', () => {
  it('is prerendered with Submit disabled (nothing is sent without script), which its script enables', () => {
    const block = prerendered();
    const submit = block.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(submit.disabled).toBe(true);
    start(block);
    expect(submit.disabled).toBe(false);
  });

  it('never puts the password in what the browser would send by itself', () => {
    const block = prerendered();
    const form = block.querySelector('form')!;
    const email = block.querySelector<HTMLInputElement>('input[type="email"]')!;
    const password = block.querySelector<HTMLInputElement>('input[type="password"]')!;
    email.value = 'someone@example.com';
    password.value = 'secret-typed';
    const sent = [...new FormData(form).entries()];
    expect(sent).toEqual([['email', 'someone@example.com']]);
    expect(form.method).toBe('post');
  });

  it('answers a wrong entry in place: the message, the fields marked, nothing sent or stored', async () => {
    const block = prerendered();
    start(block);
    expect(shownAlert(block)).toBeNull();
    expect(block.querySelector('[role="alert"]')!.textContent).toBe('');
    const submit = enter(block, 'preview@buildpad.example', 'not-the-password');
    expect(submit.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(shownAlert(block)?.textContent).toBe('email or password is wrong'));
    for (const input of block.querySelectorAll('input')) {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toBe(shownAlert(block)!.id);
    }
    expect(navigateTo).not.toHaveBeenCalled();
    expect(hasPreviewPass()).toBe(false);
  });

  it('checks against the salted hash on the form: the right entry sets the shared flag and goes to /', async () => {
    const block = withGate(prerendered());
    start(block);
    enter(block, 'preview@buildpad.example', 'LetMeIn');
    await vi.waitFor(() => expect(shownAlert(block)).not.toBeNull());
    enter(block, ' Preview@BuildPad.example', 'letmein');
    await vi.waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/'));
    expect(hasPreviewPass()).toBe(true);
  });

  it('without Web Crypto (a page not served securely) every entry is wrong, and nothing throws', async () => {
    const block = withGate(prerendered());
    vi.stubGlobal('crypto', {});
    start(block);
    enter(block, 'preview@buildpad.example', 'letmein');
    await vi.waitFor(() => expect(shownAlert(block)?.textContent).toBe('email or password is wrong'));
    expect(navigateTo).not.toHaveBeenCalled();
  });
});
