import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormRenderer } from './FormRenderer.tsx';
import { addField, setMessage } from '../../editor/form-fields.ts';
import { compiledFunctions, formFile } from '../../tests/helpers/forms.ts';
import { enter, renderInPage } from '../../tests/helpers/render-form.tsx';

// A whole rjsf form in jsdom is slow on a busy shared 2-core machine; vitest's default 5 s per test is no spec limit.
vi.setConfig({ testTimeout: 30_000 });

/** A box that must be ticked (a consent), added as the editor adds it. */
describe('a checkbox that must be ticked', () => {
  let form = addField(formFile('contact'), { kind: 'checkbox', label: 'I agree to be contacted', name: 'consent', required: true });
  form = setMessage(form, 'consent', 'required', 'Please tick the box to be contacted.');

  it('is refused when ticked and unticked again, and sent as true once ticked', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('{"message":"ok"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup({ delay: null });
    renderInPage(<FormRenderer formId="contact-consent" config={form} loadValidator={() => compiledFunctions(form.schema)} />, {});
    await enter(user, screen.getByLabelText('First Name'), 'Ada');
    await enter(user, screen.getByLabelText('Last Name'), 'Obi');
    await enter(user, screen.getByLabelText('Email'), 'ada@example.com');
    await enter(user, screen.getByLabelText('Message'), 'Hello');
    const box = screen.getByRole('checkbox', { name: 'I agree to be contacted' });
    await user.click(box);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please tick the box to be contacted.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body)).consent).toBe(true);
    vi.unstubAllGlobals();
  });
});
