// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormRenderer } from './FormRenderer.tsx';
import { forgetFormStarts, noteFormStart } from './form-start.ts';
import { EVENTS_PATH } from '../shell/events.ts';
import { VISIT_KEY } from '../shell/visit.ts';
import { formFile } from '../../tests/helpers/forms.ts';
import { renderInPage } from '../../tests/helpers/render-form.tsx';

vi.setConfig({ testTimeout: 30_000 });

vi.mock('virtual:sitewright/forms/validators', async () => {
  const { compiledFunctions, formFile: file } = await import('../../tests/helpers/forms.ts');
  return { default: { enquiry: async () => compiledFunctions(file('enquiry').schema) } };
});

const beacon = vi.fn<(url: string, body: unknown) => boolean>();
/** The start beacons sent, as the wire carries them. */
const starts = () => beacon.mock.calls.filter(([url]) => url === EVENTS_PATH).map(([, body]) => String(body));

beforeEach(() => {
  beacon.mockReset().mockReturnValue(true);
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: beacon });
  sessionStorage.setItem(VISIT_KEY, 'landing=%2Fowner&ref=news.example&utm_source=newsletter&utm_medium=email&utm_campaign=spring');
  forgetFormStarts();
});
afterEach(() => {
  sessionStorage.clear();
});

type Config = Parameters<typeof FormRenderer>[0]['config'];

function renderForm(endpoint: string) {
  const config = formFile('enquiry') as Config;
  renderInPage(<FormRenderer formId="enquiry" config={{ ...config, submit: { ...config.submit, endpoint } }} />, {});
}

describe('a form start', () => {
  it('is sent once, at the first focus into a field, with the page and the visit the tab recorded', async () => {
    renderForm('/api/v1/enquiries');
    const user = userEvent.setup({ delay: null });
    expect(starts()).toEqual([]);
    await user.click(screen.getByLabelText('First name'));
    const expected = `k=start&f=enquiry&p=${encodeURIComponent(location.pathname)}&landing=%2Fowner&ref=news.example&utm_source=newsletter&utm_campaign=spring`;
    expect(starts()).toEqual([expected]);
    await user.keyboard('Ada');
    await user.click(screen.getByLabelText('Email'));
    await user.keyboard('ada@example.com');
    expect(starts()).toEqual([expected]);
    // Typing went on as ever.
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Ada');
  });

  it('is sent at the first input when no focus came first, and once per form per page', () => {
    renderForm('/api/v1/enquiries');
    const field = screen.getByLabelText<HTMLInputElement>('Message');
    act(() => {
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(starts()).toHaveLength(1);
    act(() => field.focus());
    expect(starts()).toHaveLength(1);
  });

  it('is not sent for a form posted to another site, nor by a press on its button', async () => {
    renderForm('https://sheets.example/submit');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByLabelText('First name'));
    await user.keyboard('Ada');
    expect(beacon).not.toHaveBeenCalled();

    forgetFormStarts();
    const button = document.createElement('button');
    noteFormStart('enquiry', '/api/v1/enquiries', button);
    expect(beacon).not.toHaveBeenCalled();
  });

  it('is not sent by the honeypot, which only bots reach', () => {
    const trap = document.createElement('input');
    trap.name = 'website';
    noteFormStart('enquiry', '/api/v1/enquiries', trap);
    expect(beacon).not.toHaveBeenCalled();
  });

  it('carries the page alone when nothing was recorded, and never breaks the form when it cannot be sent', async () => {
    sessionStorage.clear();
    beacon.mockImplementation(() => {
      throw new TypeError('blocked');
    });
    const fetchMock = vi.fn<typeof fetch>(() => {
      throw new TypeError('blocked');
    });
    vi.stubGlobal('fetch', fetchMock);
    try {
      renderForm('/api/v1/enquiries');
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByLabelText('First name'));
      await user.keyboard('Ada');
      expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Ada');
      expect(beacon).toHaveBeenCalledTimes(1);
      expect(String(beacon.mock.calls[0][1])).toBe(`k=start&f=enquiry&p=${encodeURIComponent(location.pathname)}`);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
