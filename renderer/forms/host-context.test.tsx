import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import FormSection from '../../blocks/Form/index.tsx';
import { addField, setChoices, setMessage } from '../../editor/form-fields.ts';
import { runtimeValidator } from '../../editor/form-validator.ts';
import { formFile, messagesFor } from '../../tests/helpers/forms.ts';
import { renderInPage } from '../../tests/helpers/render-form.tsx';
import { FormHostContext } from './host-context.ts';

// A whole rjsf form in jsdom is slow on a busy shared 2-core machine; vitest's default 5 s per test is no spec limit.
vi.setConfig({ testTimeout: 30_000 });

let edited = addField(formFile('contact'), { kind: 'choice', label: 'Company size', name: 'companySize', required: true });
edited = setChoices(edited, 'companySize', ['1–10', '11–50', '51–200', '201+']);
edited = setMessage(edited, 'companySize', 'required', 'Please choose your company size.');

/** The editor's preview of a form being edited: the real Form section, checked against the form as it is now. */
describe('a form shown by a host page', () => {
  it('shows every field’s message at once, from a validator compiled from the unsaved form', async () => {
    renderInPage(
      <FormHostContext.Provider value={{ showAllMessages: true, validator: runtimeValidator }}>
        <FormSection type="form" form="contact" />
      </FormHostContext.Provider>,
      { contact: edited },
    );
    expect(await screen.findByText('Please choose your company size.')).toBeTruthy();
    for (const m of ['First Name is required.', 'Last Name is required.', 'Please enter a valid email address.', 'Please enter a message.'])
      expect(screen.getByText(m)).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Company size' })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['1–10', '11–50', '51–200', '201+']);
  });

  it('the validator compiled in the editor gives the build’s verdict', async () => {
    const { createTransformErrors, messagesByField } = await import('./messages.ts');
    const v = runtimeValidator();
    const values = [
      {},
      { companySize: '7' },
      { firstname: ' ', lastname: 'B', email: 'x@y', message: 'm', companySize: '201+' },
      { firstname: 'A', lastname: 'B', email: 'ada@example.com', message: 'm', companySize: '1–10' },
    ];
    const phoneForm = addField(edited, { kind: 'phone', label: 'Phone', name: 'phone' });
    for (const phone of ['+1 306 555 0100', '12']) {
      const { errors } = v.validateFormData({ phone }, phoneForm.schema as never, undefined, createTransformErrors(phoneForm.schema));
      expect(messagesByField(errors, phoneForm.schema)).toEqual(await messagesFor(phoneForm, { phone }));
    }
    for (const value of values) {
      const { errors } = v.validateFormData(value, edited.schema as never, undefined, createTransformErrors(edited.schema));
      expect(messagesByField(errors, edited.schema)).toEqual(await messagesFor(edited, value));
    }
  });

  it('without a host, a form shows no message before it is touched', async () => {
    renderInPage(<FormSection type="form" form="contact" />, { contact: formFile('contact') });
    expect(await screen.findByRole('button', { name: 'Send message' })).toBeTruthy();
    expect(screen.queryByText('First Name is required.')).toBeNull();
  });
});
