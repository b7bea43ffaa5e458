import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FormDialog from './index.tsx';
import example from './example.json';
import type { FormDialogBlock } from '../../renderer/generated/config-types.ts';
import { openDialog } from '../../renderer/lib/dialogs.ts';
import { formFile } from '../../tests/helpers/forms.ts';
import { enter, renderInPage } from '../../tests/helpers/render-form.tsx';

// A whole rjsf form in jsdom is slow on a busy shared 2-core machine; vitest's default 5 s per test is no spec limit.
vi.setConfig({ testTimeout: 30_000 });

vi.mock('virtual:sitewright/forms/validators', async () => {
  const { compiledFunctions, formFile: file } = await import('../../tests/helpers/forms.ts');
  return { default: { 'demo-lead': () => compiledFunctions(file('demo-lead').schema) } };
});

// The dialog fetches the form renderer when it first opens; loaded here so that no test waits on a slow first import.
beforeAll(async () => {
  await import('../../renderer/forms/FormRenderer.tsx');
});

// jsdom has no showModal/close; these mimic what matters here (the open attribute).
const proto = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
const original = { showModal: proto.showModal, close: proto.close };
beforeAll(() => {
  proto.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterAll(() => Object.assign(proto, original));

const block = example as FormDialogBlock;
const forms = { 'demo-lead': formFile('demo-lead') };
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await enter(user, screen.getByLabelText('Business Name'), 'Acme Homes');
  await enter(user, screen.getByLabelText('First Name'), 'Ada');
  await enter(user, screen.getByLabelText('Last Name'), 'Obi');
  await enter(user, screen.getByLabelText('Email'), 'ada@acme.ng');
  await enter(user, screen.getByLabelText('Phone Number'), '08031234567');
}

describe('formDialog block', () => {
  it('without a page of its own, tells a browser without script that the form needs JavaScript; with one, its links lead there instead', () => {
    const { unmount } = renderInPage(<FormDialog {...block} />, forms);
    const dialog = document.querySelector('dialog')!;
    expect(dialog.id).toBe('book-demo-dialog');
    expect(dialog.querySelector('[class*="without-script"]')?.textContent).toContain('This form needs JavaScript, which is off in this browser.');
    unmount();
    renderInPage(<FormDialog {...block} page="/book-a-demo" />, forms);
    expect(document.querySelector('dialog')!.id).toBe('book-demo-dialog');
    expect(document.querySelector('dialog [class*="without-script"]')).toBeNull();
  });
  it('shows nothing until a "#book-demo" link opens it, then focuses the first field', async () => {
    renderInPage(<FormDialog {...block} />, forms);
    expect(screen.queryByLabelText('Business Name')).toBeNull();
    // Awaited: the form engine's chunk suspends the dialog's content until it arrives.
    await act(async () => {
      expect(openDialog('book-demo')).toBe(true);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Book a demo' });
    expect(dialog.hasAttribute('open')).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Business Name')));
    expect(screen.getByRole('button', { name: 'Book a demo' })).toBeTruthy();
  });

  it('posts the lead, then closes and empties the form', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const user = userEvent.setup({ delay: null });
    renderInPage(<FormDialog {...block} />, forms);
    act(() => void openDialog('book-demo'));
    await screen.findByRole('dialog');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Book a demo' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/leads/request');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toStrictEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@acme.ng',
      businessName: 'Acme Homes',
      phone: '08031234567',
    });
    await waitFor(() => expect(screen.queryByLabelText('Business Name')).toBeNull());
    act(() => void openDialog('book-demo'));
    expect(((await screen.findByLabelText('Business Name')) as HTMLInputElement).value).toBe('');
  });

  it('stays open with the input kept when the server fails', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }));
    const user = userEvent.setup({ delay: null });
    renderInPage(<FormDialog {...block} />, forms);
    act(() => void openDialog('book-demo'));
    await screen.findByRole('dialog');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Book a demo' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book a demo' }).getAttribute('data-state')).toBe('normal'));
    expect(screen.getByRole('dialog').hasAttribute('open')).toBe(true);
    expect((screen.getByLabelText('Business Name') as HTMLInputElement).value).toBe('Acme Homes');
  });

  it('closes with the close icon', async () => {
    const user = userEvent.setup({ delay: null });
    renderInPage(<FormDialog {...block} />, forms);
    act(() => void openDialog('book-demo'));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByLabelText('Business Name')).toBeNull();
  });
});
