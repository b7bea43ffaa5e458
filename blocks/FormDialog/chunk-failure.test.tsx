import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import FormDialog from './index.tsx';
import example from './example.json';
import type { FormDialogBlock } from '../../renderer/generated/config-types.ts';
import { openDialog } from '../../renderer/lib/dialogs.ts';
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
  return { default: { 'demo-lead': () => compiledFunctions(file('demo-lead').schema) } };
});

// jsdom has no showModal/close; these mimic what matters here (the open attribute).
const proto = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
proto.showModal = function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
proto.close = function (this: HTMLDialogElement) {
  this.removeAttribute('open');
};

describe('formDialog block without its form chunk', () => {
  it('says "Loading chunk form failed" inside the open dialog, and "Try again" loads the form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderInPage(<FormDialog {...(example as FormDialogBlock)} />, { 'demo-lead': formFile('demo-lead') });
    await act(async () => {
      openDialog('book-demo');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Book a demo' });
    const alert = await screen.findByRole('alert');
    expect(dialog.contains(alert)).toBe(true);
    expect(alert.textContent).toContain('Loading chunk form failed');

    network.up = true;
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    await waitFor(() => expect(screen.getByLabelText('Business Name')).toBeTruthy(), { timeout: 10_000 });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
