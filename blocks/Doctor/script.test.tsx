// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { site } from 'virtual:sitewright/config';
import type { DoctorBlock } from '../../renderer/generated/config-types.ts';
import example from './example.json';
import Doctor from './index.tsx';
import start from './script.ts';

const config = example as DoctorBlock;
// Tells React this test drives it through act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function prerendered(): HTMLElement {
  document.body.innerHTML = `<div data-island="0" data-block="doctor">${renderToString(<Doctor {...config} />)}</div>`;
  return document.querySelector<HTMLElement>('[data-block="doctor"]')!;
}

const status = () => document.querySelector<HTMLElement>('[data-testid="iam-status"]')!;
const again = () => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Check again')!;

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the /doctor check before React', () => {
  it('asks the identity service at load and shows "reachable (status N)"; the prerendered button is ready throughout', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const block = prerendered();
    expect(status().textContent).toBe('checking…');
    expect(again().hasAttribute('aria-busy')).toBe(false);
    start(block);
    await vi.waitFor(() => expect(status().textContent).toBe('reachable (status 204)'));
    expect(fetch).toHaveBeenCalledWith(site.iamService, expect.objectContaining({ method: 'GET', credentials: 'omit' }));
    expect(status().dataset.state).toBe('reachable');
    expect(again().hasAttribute('aria-busy')).toBe(false);
    expect(again().dataset.state).toBe('normal');
    expect(again().querySelector('[data-testid="button-spinner"]')).toBeNull();
    expect(again().firstElementChild?.className).toBe('label');
  });

  it('says "unreachable" when the request fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    start(prerendered());
    await vi.waitFor(() => expect(status().textContent).toBe('unreachable'));
    expect(status().dataset.state).toBe('unreachable');
  });

  it('writes nothing once React owns the block', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (answer = r))),
    );
    const block = prerendered();
    start(block);
    block.setAttribute('data-live', '');
    answer(new Response(null, { status: 200 }));
    await new Promise((r) => setTimeout(r, 10));
    expect(status().textContent).toBe('checking…');
  });

  it('hands over: React hydrates what the script shows without asking again or a mismatch, and takes "Check again"', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    const block = prerendered();
    start(block);
    await vi.waitFor(() => expect(status().textContent).toBe('reachable (status 503)'));
    const recoverable = vi.fn();
    const warned = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(block, <Doctor {...config} />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(warned.mock.calls.filter((c) => /hydrat|did not match/i.test(String(c[0])))).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(status().textContent).toBe('reachable (status 503)');
    fetch.mockResolvedValueOnce(new Response(null, { status: 200 }));
    await act(async () => again().click());
    await vi.waitFor(() => expect(status().textContent).toBe('reachable (status 200)'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
