import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormRenderer } from './FormRenderer.tsx';
import { VISIT_KEY } from '../shell/visit.ts';
import { formFile } from '../../tests/helpers/forms.ts';
import { enter, renderInPage } from '../../tests/helpers/render-form.tsx';

vi.setConfig({ testTimeout: 30_000 });

vi.mock('virtual:sitewright/forms/validators', async () => {
  const { compiledFunctions, formFile: file } = await import('../../tests/helpers/forms.ts');
  return { default: { enquiry: async () => compiledFunctions(file('enquiry').schema) } };
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response('{}', { status: 201 }));
  vi.stubGlobal('fetch', fetchMock);
  sessionStorage.setItem(VISIT_KEY, 'landing=%2Fowner&ref=news.example&utm_source=newsletter');
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

type Config = Parameters<typeof FormRenderer>[0]['config'];

/** Fills the enquiry form in and sends it to `endpoint`; the one request it made. */
async function send(endpoint: string) {
  const config = formFile('enquiry') as Config;
  const user = userEvent.setup({ delay: null });
  renderInPage(<FormRenderer formId="enquiry" config={{ ...config, submit: { ...config.submit, endpoint } }} />, {});
  await enter(user, screen.getByLabelText('First name'), 'Ada');
  await enter(user, screen.getByLabelText('Last name'), 'Obi');
  await enter(user, screen.getByLabelText('Email'), 'ada@example.com');
  await enter(user, screen.getByLabelText('Message'), 'How do referrals pay out?');
  await act(async () => screen.getByRole('button', { name: 'Submit' }).click());
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  const [url, init] = fetchMock.mock.calls[0];
  return { url: String(url), headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) as Record<string, unknown> };
}

describe('attribution beside a submission', () => {
  it("goes to the site's own service in one header, the payload unchanged", async () => {
    const own = await send('/api/v1/enquiries');
    expect(own.headers.get('sitewright-attribution')).toBe(
      `page=${encodeURIComponent(location.pathname)}&landing=%2Fowner&ref=news.example&utm_source=newsletter`,
    );
    const { timestamp, ...rest } = own.body;
    expect(rest).toEqual({ firstname: 'Ada', lastname: 'Obi', email: 'ada@example.com', message: 'How do referrals pay out?' });
    expect(typeof timestamp).toBe('string');
  });

  it('goes nowhere else: an external endpoint gets the payload alone', async () => {
    const external = await send('https://sheets.example/submit');
    expect(external.url).toBe('https://sheets.example/submit');
    expect(external.headers.has('sitewright-attribution')).toBe(false);
    expect(external.headers.has('idempotency-key')).toBe(false);
    expect([...external.headers.keys()].sort()).toEqual(['accept', 'content-type']);
  });
});
