import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormRenderer } from './FormRenderer.tsx';
import type { FormConfig } from '../generated/config-types.ts';
import { compiledFunctions, formFile } from '../../tests/helpers/forms.ts';
import { enter } from '../../tests/helpers/render-form.tsx';
import { renderInPage } from '../../tests/helpers/render-form.tsx';

// A whole rjsf form in jsdom is slow on a busy shared 2-core machine; vitest's default 5 s per test is no spec limit.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

/**
 * What a marketer does to add a field: edit the form file only (a property with its rule and message, the
 * required list, the payload). The same engine code renders it, validates it with a validator compiled from
 * the edited file, and sends it.
 */
describe('a field added to a form file', () => {
  const base = formFile('contact');
  const edited: FormConfig = structuredClone(base);
  edited.schema.properties.company = {
    type: 'string',
    title: 'Company',
    minLength: 2,
    messages: { required: 'Company is required.', minLength: 'Company needs at least 2 characters.' },
  };
  edited.schema.required = [...(edited.schema.required ?? []), 'company'];
  edited.order = ['firstname', 'lastname', 'company', 'email', 'message'];
  edited.submit.payload.company = 'company';

  it('appears with its label, validates with its own messages and is sent', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('{"message":"ok"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup({ delay: null });
    renderInPage(<FormRenderer formId="contact-edited" config={edited} loadValidator={() => compiledFunctions(edited.schema)} />, {});

    const company = screen.getByLabelText('Company');
    const labels = [...document.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels.indexOf('Company')).toBe(labels.indexOf('Last Name') + 1);

    await enter(user, screen.getByLabelText('First Name'), 'Ada');
    await enter(user, screen.getByLabelText('Last Name'), 'Obi');
    await enter(user, screen.getByLabelText('Email'), 'ada@example.com');
    await enter(user, screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Company is required.')).toBeTruthy();
    expect(document.activeElement).toBe(company);
    expect(fetchMock).not.toHaveBeenCalled();

    await enter(user, company, 'A');
    await user.tab();
    expect(await screen.findByText('Company needs at least 2 characters.')).toBeTruthy();
    await enter(user, company, 'cme');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toStrictEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      description: 'Hello',
      company: 'Acme',
    });
  });

  it('the unedited file knows nothing of it', () => {
    expect(base.schema.properties.company).toBeUndefined();
  });
});
