import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import FormSection from '../../blocks/Form/index.tsx';
import ContactInfo from '../../blocks/ContactInfo/index.tsx';
import formExample from '../../blocks/Form/example.json';
import contactExample from '../../blocks/ContactInfo/example.json';
import type { ContactInfoBlock, FormBlock, PageConfig } from '../generated/config-types.ts';
import { PageProvider } from '../lib/site-context.tsx';
import { formFile } from '../../tests/helpers/forms.ts';

// A whole rjsf form in jsdom is slow on a busy shared 2-core machine; vitest's default 5 s per test is no spec limit.
vi.setConfig({ testTimeout: 30_000 });

vi.mock('virtual:sitewright/forms/validators', async () => {
  const { compiledFunctions, formFile: file } = await import('../../tests/helpers/forms.ts');
  return { default: { waitlist: () => compiledFunctions(file('waitlist').schema), contact: () => compiledFunctions(file('contact').schema) } };
});

/**
 * The chunk chunk, under the test's control: in memory for the "server" render (as the prerenderer has it),
 * then missing in the "browser" until the test lets it arrive.
 */
const chunk = vi.hoisted(() => ({ server: true, loads: 0, arrive: () => undefined as void, pending: null as Promise<unknown> | null }));
vi.mock('./form-renderer-chunk.ts', async () => {
  const real = await import('./FormRenderer.tsx');
  const inMemory = Object.assign(Promise.resolve(real), { status: 'fulfilled', value: real });
  return {
    loadedFormRenderer: () => (chunk.server ? real : undefined),
    loadFormRenderer: () => {
      if (chunk.server) return inMemory;
      if (!chunk.pending) {
        chunk.loads++;
        chunk.pending = new Promise((resolve) => (chunk.arrive = () => resolve(real)));
      }
      return chunk.pending;
    },
  };
});

const fetchMock = vi.fn<typeof fetch>();
let root: Root | null = null;
let container: HTMLElement | null = null;

beforeEach(() => {
  Object.assign(chunk, { server: true, loads: 0, pending: null });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  container = null;
  vi.unstubAllGlobals();
});

function inPage(ui: ReactNode, forms: Record<string, unknown>, path: string) {
  const page = { route: path, title: 't', description: 'd', blocks: [] } as PageConfig;
  return (
    <MemoryRouter initialEntries={[path]}>
      <PageProvider value={{ page, fragments: { forms } }}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
      </PageProvider>
    </MemoryRouter>
  );
}

/** Prerenders like the build, then hydrates that markup like the browser, without the chunk. */
async function prerenderAndHydrate(ui: ReactNode) {
  const html = renderToString(ui);
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  chunk.server = false;
  await act(async () => {
    root = hydrateRoot(container!, ui);
  });
}

const owned = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps'));

/** What a browser does when the visitor types into a field React does not own yet: the DOM changes, React sees nothing. */
async function typeInto(el: HTMLElement, text: string) {
  await act(async () => el.focus());
  (el as HTMLInputElement).value = text;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

async function chunkArrives() {
  // The watcher lets go on the first interaction; the chunk is asked for a microtask later.
  await act(async () => undefined);
  expect(chunk.loads).toBe(1);
  await act(async () => {
    chunk.arrive();
    await chunk.pending;
  });
}

describe('inline form hydrated on first use', () => {
  it('keeps the server markup and fetches nothing until the visitor reaches the form', async () => {
    await prerenderAndHydrate(inPage(<FormSection {...(formExample as FormBlock)} />, { waitlist: formFile('waitlist') }, '/schedule-call'));
    const first = screen.getByLabelText('First name');
    expect(owned(first)).toBe(false);
    expect(screen.queryByText('Loading the form')).toBeNull();
    await act(async () => screen.getByRole('heading', { name: /waitlist/i }).click());
    expect(chunk.loads).toBe(0);

    await act(async () => first.focus());
    expect(chunk.loads).toBe(1);
    expect(owned(first)).toBe(false);
    await chunkArrives();
    expect(owned(screen.getByLabelText('First name'))).toBe(true);
    expect(document.activeElement).toBe(first);
  });

  it('adopts what was typed, picked and left before it hydrated, and keeps a half-typed country as the search', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 201 }));
    await prerenderAndHydrate(inPage(<FormSection {...(formExample as FormBlock)} />, { waitlist: formFile('waitlist') }, '/schedule-call'));
    await typeInto(screen.getByLabelText('First name'), 'Ada');
    await typeInto(screen.getByLabelText('Last name'), 'Obi');
    await typeInto(screen.getByLabelText('Email'), 'ada@');
    await typeInto(screen.getByLabelText('Phone number'), '+44 20 7946 0000');
    await act(async () => screen.getByRole('radio', { name: 'New Build' }).click());
    await typeInto(screen.getByLabelText('Comment (optional)'), 'Four bedrooms');
    const where = screen.getByRole('combobox', { name: 'Where do you want to build?' });
    await typeInto(where, 'nige');
    await chunkArrives();

    expect(document.activeElement).toBe(where);
    expect((where as HTMLInputElement).value).toBe('nige');
    expect(where.getAttribute('aria-expanded')).toBe('true');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByLabelText('Comment (optional)') as HTMLTextAreaElement).value).toBe('Four bedrooms');
    expect((screen.getByRole('radio', { name: 'New Build' }) as HTMLInputElement).checked).toBe(true);
    // The number's own "+44" picked the dial-code country, as typing into the hydrated widget does.
    expect((screen.getByRole('combobox', { name: 'Country code' }) as HTMLInputElement).value).toBe('GB +44');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('20 7946 0000');
    // The e-mail field was left with "ada@": its message shows once the validator is in.
    expect(await screen.findByText('Invalid email')).toBeTruthy();

    fireEvent.click(screen.getByRole('option', { name: /Nigeria/ }));
    expect((where as HTMLInputElement).value).toBe('Nigeria');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    await act(async () => email.focus());
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    await act(async () => screen.getByRole('button', { name: 'Submit & Schedule a Call' }).click());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toStrictEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      phoneNumber: '442079460000',
      residentCountry: 'United Kingdom',
      buildCountry: 'Nigeria',
      purpose: 'New Build',
      comment: 'Four bedrooms',
    });
  });

  it('holds back a submit made before it hydrated and sends it once afterwards', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Thanks Ada"}', { status: 200 }));
    const defaults: boolean[] = [];
    const seen = (e: Event) => defaults.push(e.defaultPrevented);
    window.addEventListener('submit', seen);
    try {
      await prerenderAndHydrate(inPage(<ContactInfo {...(contactExample as ContactInfoBlock)} />, { contact: formFile('contact') }, '/contact'));
      await typeInto(screen.getByLabelText('First Name'), 'Ada');
      await typeInto(screen.getByLabelText('Last Name'), 'Obi');
      await typeInto(screen.getByLabelText('Email'), 'ada@example.com');
      await typeInto(screen.getByLabelText('Message'), 'Hello');
      const send = screen.getByRole('button', { name: 'Send message' });
      await act(async () => send.click());
      await act(async () => send.click());
      // The browser's own submission (a GET reloading the page) was stopped both times.
      expect(defaults).toEqual([true, true]);
      expect(fetchMock).not.toHaveBeenCalled();
      await chunkArrives();
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toStrictEqual({
        firstName: 'Ada',
        lastName: 'Obi',
        email: 'ada@example.com',
        description: 'Hello',
      });
      expect(await screen.findByText('Thanks Ada')).toBeTruthy();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      window.removeEventListener('submit', seen);
    }
  });

  it('after a client-side navigation loads the chunk at once behind a spinner', async () => {
    chunk.server = false;
    container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      root = createRoot(container!);
      root.render(inPage(<ContactInfo {...(contactExample as ContactInfoBlock)} />, { contact: formFile('contact') }, '/contact'));
    });
    expect(chunk.loads).toBe(1);
    expect(screen.getByText('Loading the form')).toBeTruthy();
    await chunkArrives();
    expect(screen.getByLabelText('First Name')).toBeTruthy();
    expect(screen.queryByText('Loading the form')).toBeNull();
  });
});
