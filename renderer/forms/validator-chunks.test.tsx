import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormRenderer } from './FormRenderer.tsx';
import { validatorChunks } from './validator-chunks.ts';
import { ChunkLoadError } from '../lib/with-timeout.ts';
import { formFile } from '../../tests/helpers/forms.ts';
import { enter, renderInPage } from '../../tests/helpers/render-form.tsx';

vi.setConfig({ testTimeout: 30_000 });

// Each form's validator chunk fails to arrive until `network.up` (as a dropped connection would).
const network = vi.hoisted(() => ({ up: false, attempts: 0 }));
vi.mock('virtual:sitewright/forms/validators', async () => {
  const { compiledFunctions, formFile: file } = await import('../../tests/helpers/forms.ts');
  const load = async () => {
    network.attempts++;
    if (!network.up) throw new Error('Failed to fetch dynamically imported module');
    return compiledFunctions(file('enquiry').schema);
  };
  return { default: { enquiry: load, contact: load } };
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  network.up = false;
  network.attempts = 0;
  validatorChunks.reset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('validator chunks', () => {
  // First: a loaded validator stays loaded for the rest of the file.
  it('a form whose validator did not arrive sends nothing, and the next submit fetches it and sends', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 201 }));
    const user = userEvent.setup({ delay: null });
    renderInPage(<FormRenderer formId="enquiry" config={formFile('enquiry') as Parameters<typeof FormRenderer>[0]['config']} />, {});
    await waitFor(() => expect(network.attempts).toBe(1));
    await enter(user, screen.getByLabelText('First name'), 'Ada');
    await enter(user, screen.getByLabelText('Last name'), 'Obi');
    await enter(user, screen.getByLabelText('Email'), 'ada@example.com');
    await enter(user, screen.getByLabelText('Message'), 'How do referrals pay out?');
    await act(async () => screen.getByRole('button', { name: 'Submit' }).click());
    await waitFor(() => expect(network.attempts).toBe(2));
    expect(fetchMock).not.toHaveBeenCalled();

    network.up = true;
    await act(async () => screen.getByRole('button', { name: 'Submit' }).click());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(network.attempts).toBe(3);
  });

  it('name a failed load "validator-<form>" and load again after a reset', async () => {
    await expect(validatorChunks.load('contact')).rejects.toThrow(/^Loading chunk validator-contact failed/);
    await expect(validatorChunks.load('nope')).rejects.toThrow('Loading chunk validator-nope failed. (no validator was built for form "nope")');
    network.up = true;
    await expect(validatorChunks.load('contact')).rejects.toBeInstanceOf(ChunkLoadError);
    validatorChunks.reset();
    await expect(validatorChunks.load('contact')).resolves.toBeTruthy();
  });
});
