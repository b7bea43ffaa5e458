import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import Enquiry from './index.tsx';
import example from './example.json';
import type { EnquiryBlock } from '../../renderer/generated/config-types.ts';
import { formFile } from '../../tests/helpers/forms.ts';
import { renderInPage } from '../../tests/helpers/render-form.tsx';

vi.setConfig({ testTimeout: 30_000 });

// The form engine's chunk fails to arrive until `network.up` (as a dropped connection would).
const network = vi.hoisted(() => ({ up: false }));
vi.mock('../../renderer/forms/FormRenderer.tsx', async (importOriginal) => {
  if (!network.up) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});
vi.mock('virtual:sitewright/forms/validators', async () => {
  const { compiledFunctions, formFile: file } = await import('../../tests/helpers/forms.ts');
  return { default: { enquiry: () => compiledFunctions(file('enquiry').schema) } };
});

describe('enquiry block without its form chunk', () => {
  it('says "Loading chunk form failed" in the panel, and "Try again" loads the form once the network is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderInPage(<Enquiry {...(example as EnquiryBlock)} />, { enquiry: formFile('enquiry') });
    await act(async () => screen.getByRole('button', { name: 'Get in touch' }).click());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Loading chunk form failed');
    // The rest of the block is still there: the visitor can fold the panel away.
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();

    network.up = true;
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    await waitFor(() => expect(screen.getByLabelText('First name')).toBeTruthy(), { timeout: 10_000 });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
