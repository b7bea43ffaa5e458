import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import FormSection from './index.tsx';
import example from './example.json';
import type { FormBlock } from '../../renderer/generated/config-types.ts';
import { PageProvider, SiteProvider } from '../../renderer/lib/site-context.tsx';
import { site } from 'virtual:sitewright/config';
import { compiledFunctions, formFile } from '../../tests/helpers/forms.ts';
import { enter } from '../../tests/helpers/render-form.tsx';
import { renderInPage } from '../../tests/helpers/render-form.tsx';
import { readStore } from '../../renderer/forms/store.ts';
import { loadFormRenderer } from '../../renderer/forms/form-renderer-chunk.ts';
import { navigateTo } from '../../renderer/lib/navigate.ts';

// Going to another page is a page load: the test records where the form sends the visitor.
vi.mock('../../renderer/lib/navigate.ts', () => ({ navigateTo: vi.fn() }));

// A whole rjsf form in jsdom is slow on a busy shared 2-core machine; vitest's default 5 s per test is no spec limit.
vi.setConfig({ testTimeout: 30_000 });

const waitlist = formFile('waitlist');

// The validator chunk of the build, compiled from the same file.
vi.mock('virtual:sitewright/forms/validators', async () => {
  const { compiledFunctions: compile, formFile: file } = await import('../../tests/helpers/forms.ts');
  return { default: { waitlist: () => compile(file('waitlist').schema) } };
});

const block = example as FormBlock;

// The form renderer is its own chunk, fetched when a form is first needed (a spinner stands in meanwhile);
// these tests are about the form itself, so it is in memory before each renders.
beforeAll(async () => {
  await loadFormRenderer();
});
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  sessionStorage.clear();
  vi.mocked(navigateTo).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await enter(user, screen.getByLabelText('First name'), 'Ada');
  await enter(user, screen.getByLabelText('Last name'), 'Obi');
  await enter(user, screen.getByLabelText('Email'), 'ada@example.com');
  await enter(user, screen.getByLabelText('Phone number'), '306 555 0100');
  const where = screen.getByRole('combobox', { name: 'Where do you want to build?' });
  await enter(user, where, 'Nigeri');
  await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
  await user.click(screen.getByRole('radio', { name: 'New Build' }));
}

describe('form block', () => {
  it('prerenders every labelled field, Canada as the dial code and no message', () => {
    const html = renderToString(
      <MemoryRouter>
        <PageProvider value={{ page: { route: '/', title: 't', description: 'd', blocks: [] }, fragments: { forms: { waitlist } } }}>
          <FormSection {...block} />
        </PageProvider>
      </MemoryRouter>,
    );
    for (const label of [
      'First name',
      'Last name',
      'Email',
      'Phone number',
      'Where do you want to build?',
      'Project type',
      'New Build',
      'Renovation',
      'Comment (optional)',
      'Submit &amp; Schedule a Call',
    ])
      expect(html).toContain(label);
    expect(html).toContain('value="CA +1"');
    expect(html).not.toContain('role="alert"');
    expect(html).not.toMatch(/style=/);
    // Sent before any script runs, the form must not put the visitor's details in the URL.
    expect(html).toMatch(/<form[^>]*method="post"/);
  });

  it('links the privacy policy beside the submit button, in a new tab, in the prerendered HTML', () => {
    const prerender = (settings: typeof site) =>
      renderToString(
        <MemoryRouter>
          <SiteProvider value={settings}>
            <PageProvider value={{ page: { route: '/', title: 't', description: 'd', blocks: [] }, fragments: { forms: { waitlist } } }}>
              <FormSection {...block} />
            </PageProvider>
          </SiteProvider>
        </MemoryRouter>,
      );
    const html = prerender({ ...site, privacyPolicy: { href: '/policy' } });
    const link = html.match(/<a [^>]*>How we use your details<\/a>/)?.[0] ?? '';
    expect(link).toContain('href="/policy"');
    expect(link).toContain('target="_blank"');
    expect(link).toContain('rel="noopener"');
    expect(link).toContain('aria-describedby="new-tab-note"');
    // Beside the button: the next thing after it in the form.
    expect(html).toMatch(/Submit &amp; Schedule a Call<\/span><\/button><a [^>]*>How we use your details<\/a>/);
    expect(prerender({ ...site, privacyPolicy: { href: '/policy', formLinkLabel: 'Privacy' } })).toMatch(/<a [^>]*href="\/policy"[^>]*>Privacy<\/a>/);
    // A site without a policy gets no such link.
    const { privacyPolicy: _none, ...without } = site;
    expect(prerender(without)).not.toContain('href="/policy"');
  });

  it('shows a field message only once the field was left, linked to the field', async () => {
    const user = userEvent.setup({ delay: null });
    renderInPage(<FormSection {...block} />, { waitlist });
    const first = screen.getByLabelText('First name');
    await user.click(first);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.tab();
    const message = await screen.findByText('First name is required');
    expect(message.getAttribute('role')).toBe('alert');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(first.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.queryByText('Last name is required')).toBeNull();
    await enter(user, first, 'A');
    await waitFor(() => expect(screen.queryByText('First name is required')).toBeNull());
    expect(first.hasAttribute('aria-invalid')).toBe(false);
  });

  it('submitting empty shows every message, focuses the first field and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    renderInPage(<FormSection {...block} />, { waitlist });
    await user.click(screen.getByRole('button', { name: 'Submit & Schedule a Call' }));
    for (const m of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
      'Target country is required',
      'Project type is required',
    ]) {
      expect(await screen.findByText(m)).toBeTruthy();
    }
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the spec payload once, stores the contact details and moves on after a 201', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => (answer = r)));
    const user = userEvent.setup({ delay: null });
    renderInPage(<FormSection {...block} />, { waitlist }, '/schedule-call');
    await fillValid(user);
    const button = screen.getByRole('button', { name: 'Submit & Schedule a Call' });
    await user.click(button);
    await user.click(button);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/waitlist/add');
    expect(JSON.parse(String(init?.body))).toStrictEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      phoneNumber: '13065550100',
      residentCountry: 'Canada',
      buildCountry: 'Nigeria',
      purpose: 'New Build',
    });
    expect(navigateTo).not.toHaveBeenCalled();
    await act(async () => answer(new Response('{}', { status: 201 })));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledTimes(1));
    expect(navigateTo).toHaveBeenCalledWith('/schedule-call-calendly');
    expect(readStore('schedule')).toEqual({ firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', phoneNumber: '13065550100' });
  });

  it('keeps what was typed when the server refuses', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Already registered"}', { status: 200 }));
    const user = userEvent.setup({ delay: null });
    renderInPage(<FormSection {...block} />, { waitlist }, '/schedule-call');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Submit & Schedule a Call' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit & Schedule a Call' }).getAttribute('data-state')).toBe('normal'));
    expect(screen.getByTestId('location').textContent).toBe('/schedule-call');
    expect(navigateTo).not.toHaveBeenCalled();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('306 555 0100');
    expect(readStore('schedule')).toBeNull();
  });

  it('changing the dial-code country keeps the number and sends the new country', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 201 }));
    const user = userEvent.setup({ delay: null });
    renderInPage(<FormSection {...block} />, { waitlist }, '/schedule-call');
    await fillValid(user);
    const dial = screen.getByRole('combobox', { name: 'Country code' });
    await user.clear(dial);
    await enter(user, dial, '+44');
    const option = await screen.findByRole('option', { name: /United Kingdom/ });
    await user.click(option);
    expect((dial as HTMLInputElement).value).toBe('GB +44');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('306 555 0100');
    await user.click(screen.getByRole('button', { name: 'Submit & Schedule a Call' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toMatchObject({ phoneNumber: '443065550100', residentCountry: 'United Kingdom' });
  });

  it('a number typed with its own "+" is kept and picks its country', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 201 }));
    const user = userEvent.setup({ delay: null });
    renderInPage(<FormSection {...block} />, { waitlist }, '/schedule-call');
    await fillValid(user);
    const phone = screen.getByLabelText('Phone number');
    await user.clear(phone);
    await enter(user, phone, '+234 803 123 4567');
    expect((screen.getByRole('combobox', { name: 'Country code' }) as HTMLInputElement).value).toBe('NG +234');
    expect((phone as HTMLInputElement).value).toBe('803 123 4567');
    await user.click(screen.getByRole('button', { name: 'Submit & Schedule a Call' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toMatchObject({ phoneNumber: '2348031234567', residentCountry: 'Nigeria' });
  });

  it('renders what the visitor types as text, never as markup', async () => {
    const user = userEvent.setup({ delay: null });
    renderInPage(<FormSection {...block} />, { waitlist });
    await enter(user, screen.getByLabelText('Comment (optional)'), '<img src=x onerror=alert(1)>');
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect((screen.getByLabelText('Comment (optional)') as HTMLTextAreaElement).value).toBe('<img src=x onerror=alert(1)>');
  });

  it('uses the precompiled validator built from the same schema', async () => {
    const fns = await compiledFunctions(waitlist.schema);
    expect(Object.keys(fns).length).toBeGreaterThan(0);
  });
});
