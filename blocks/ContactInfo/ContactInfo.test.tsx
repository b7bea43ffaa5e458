import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ContactInfo from './index.tsx';
import example from './example.json';
import type { ContactInfoBlock } from '../../renderer/generated/config-types.ts';
import { formFile } from '../../tests/helpers/forms.ts';
import { enter, renderInPage } from '../../tests/helpers/render-form.tsx';
import { loadFormRenderer } from '../../renderer/forms/form-renderer-chunk.ts';

// A whole rjsf form in jsdom is slow on a busy shared 2-core machine; vitest's default 5 s per test is no spec limit.
vi.setConfig({ testTimeout: 30_000 });

vi.mock('virtual:sitewright/forms/validators', async () => {
  const { compiledFunctions, formFile: file } = await import('../../tests/helpers/forms.ts');
  return { default: { contact: () => compiledFunctions(file('contact').schema) } };
});

const block = example as ContactInfoBlock;

// The form renderer is its own chunk, fetched when a form is first needed (a spinner stands in meanwhile);
// these tests are about the form itself, so it is in memory before each renders.
beforeAll(async () => {
  await loadFormRenderer();
});
const forms = { contact: formFile('contact') };
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await enter(user, screen.getByLabelText('First Name'), 'Ada');
  await enter(user, screen.getByLabelText('Last Name'), 'Obi');
  await enter(user, screen.getByLabelText('Email'), 'ada@example.com');
  await enter(user, screen.getByLabelText('Message'), 'I would like a quote.');
}

describe('contactInfo block', () => {
  it('shows the badge, heading, offices and WhatsApp support hours', () => {
    renderInPage(<ContactInfo {...block} />, forms);
    expect(screen.getByText('Contact us')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Have any questions? Contact us' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Nigeria' })).toBeTruthy();
    expect(screen.getAllByText('Saskatoon, Saskatchewan')).toHaveLength(2);
    expect(screen.getByText(/WhatsApp only, Mon-Fri 9am-5pm/)).toBeTruthy();
    expect(document.getElementById('contact')).not.toBeNull();
  });

  it('checks a field when it is left and clears its message as soon as the visitor types', async () => {
    const user = userEvent.setup({ delay: null });
    renderInPage(<ContactInfo {...block} />, forms);
    const first = screen.getByLabelText('First Name');
    await user.click(first);
    await user.tab();
    expect(await screen.findByText('First Name is required.')).toBeTruthy();
    await enter(user, first, 'A');
    await waitFor(() => expect(screen.queryByText('First Name is required.')).toBeNull());
  });

  it('says "Sending..." while sending, then shows the server message for 3 s and empties the form', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => (answer = r)));
    const user = userEvent.setup({ delay: null });
    renderInPage(<ContactInfo {...block} />, forms);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toStrictEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      description: 'I would like a quote.',
    });
    vi.useFakeTimers();
    await act(async () => answer(new Response('{"message":"Thanks, we will be in touch"}', { status: 200 })));
    expect(screen.getByText('Thanks, we will be in touch')).toBeTruthy();
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('');
    await act(async () => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('Thanks, we will be in touch')).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Thanks, we will be in touch')).toBeNull();
  });

  it('on failure shows the status and response text and keeps every field', async () => {
    fetchMock.mockResolvedValue(new Response('Database down', { status: 503 }));
    const user = userEvent.setup({ delay: null });
    renderInPage(<ContactInfo {...block} />, forms);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const alert = await screen.findByText(/503 Database down/);
    expect(alert.getAttribute('role')).toBe('alert');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('I would like a quote.');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy();
  });
});
