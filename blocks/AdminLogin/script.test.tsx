// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { AdminLoginBlock } from '../../renderer/generated/config-types.ts';
import example from './example.json';
import AdminLogin from './index.tsx';
import start from './script.ts';

function prerendered(): HTMLElement {
  document.body.innerHTML = `<div data-island="0" data-block="adminLogin">${renderToString(<AdminLogin {...(example as AdminLoginBlock)} />)}</div>`;
  return document.querySelector<HTMLElement>('[data-block="adminLogin"]')!;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the hidden login before React', () => {
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
});
