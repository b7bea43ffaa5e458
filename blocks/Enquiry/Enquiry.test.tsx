import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { PageProvider } from '../../renderer/lib/site-context.tsx';
import type { PageConfig } from '../../renderer/generated/config-types.ts';
import Enquiry from './index.tsx';
import example from './example.json';
import type { EnquiryBlock } from '../../renderer/generated/config-types.ts';
import { formFile } from '../../tests/helpers/forms.ts';
import { enter, renderInPage } from '../../tests/helpers/render-form.tsx';

// A whole rjsf form in jsdom is slow on a busy shared 2-core machine; vitest's default 5 s per test is no spec limit.
vi.setConfig({ testTimeout: 30_000 });

vi.mock('virtual:sitewright/forms/validators', async () => {
  const { compiledFunctions, formFile: file } = await import('../../tests/helpers/forms.ts');
  return { default: { enquiry: () => compiledFunctions(file('enquiry').schema) } };
});

const block = example as EnquiryBlock;
const forms = { enquiry: formFile('enquiry') };
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('enquiry block', () => {
  it('starts collapsed; "Get in touch" expands the form, the close icon folds it and returns focus', async () => {
    const user = userEvent.setup({ delay: null });
    renderInPage(<Enquiry {...block} />, forms);
    expect(screen.getByRole('heading', { name: 'Still have questions?' })).toBeTruthy();
    const open = screen.getByRole('button', { name: 'Get in touch' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('First name')).toBeNull();
    // Awaited act: the form engine's chunk suspends the panel until it arrives.
    await act(async () => open.click());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First name')), { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByLabelText('First name')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Get in touch' })));
  });

  it('shows messages while typing and posts with an ISO timestamp', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 201 }));
    const user = userEvent.setup({ delay: null });
    renderInPage(<Enquiry {...block} />, forms);
    await user.click(screen.getByRole('button', { name: 'Get in touch' }));
    const first = screen.getByLabelText('First name');
    await enter(user, first, 'A');
    expect(await screen.findByText('firstname cannot be less than two characters')).toBeTruthy();
    await user.clear(first);
    expect(await screen.findByText('please input firstname')).toBeTruthy();
    expect(screen.queryByText('please input lastname')).toBeNull();
    await enter(user, first, 'Ada');
    await enter(user, screen.getByLabelText('Last name'), 'Obi');
    await enter(user, screen.getByLabelText('Email'), 'ada@example.com');
    await enter(user, screen.getByLabelText('Message'), 'How do referrals pay out?');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/enquiries');
    const body = JSON.parse(String(fetchMock.mock.calls[0][1]?.body));
    expect(Object.keys(body)).toEqual(['firstname', 'lastname', 'email', 'message', 'timestamp']);
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    await waitFor(() => expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe(''));
  });
});

describe('enquiry block with a page of its own', () => {
  const withPage = { ...block, page: '/enquiry' };
  const page = { route: '/referral', title: 't', description: 'd', blocks: [] } as PageConfig;
  const ui = (
    <PageProvider value={{ page, fragments: { forms } }}>
      <Enquiry {...withPage} />
    </PageProvider>
  );

  /** The server's markup in the document, as the browser has it before the island hydrates. */
  function prerendered() {
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui);
    document.body.append(container);
    return container;
  }

  it('is prerendered with "Get in touch" as a link to that page, which hydrates into the disclosure button', async () => {
    const container = prerendered();
    const link = container.querySelector<HTMLAnchorElement>('a[data-expands]')!;
    expect(link.textContent).toBe('Get in touch');
    expect(link.getAttribute('href')).toBe('/enquiry');
    expect(link.hasAttribute('aria-expanded')).toBe(false);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(container, ui, { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    const button = screen.getByRole('button', { name: 'Get in touch' });
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // The button takes over the link's id, so a click replayed for the link still finds it (renderer/islands/defer.ts).
    expect(button.id).toBe(link.id);
    container.remove();
  });

  it("keeps focus on the control when the button takes the focused link's place", async () => {
    const container = prerendered();
    container.querySelector<HTMLAnchorElement>('a[data-expands]')!.focus();
    await act(async () => {
      hydrateRoot(container, ui);
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Get in touch' }));
    container.remove();
  });
});
