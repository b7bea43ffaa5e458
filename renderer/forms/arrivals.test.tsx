import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { FormRenderer } from './FormRenderer.tsx';
import { compiledFunctions, formFile } from '../../tests/helpers/forms.ts';
import { renderInPage } from '../../tests/helpers/render-form.tsx';

vi.setConfig({ testTimeout: 30_000 });

/**
 * What reaches the form on its own (its validator, the service's answer) must not be rendered together with the
 * visitor's next keystroke: React renders pending default-priority work with an input's, and the form would then get
 * new props before it has handed the keystroke back to its data, putting the text from before it in the field for
 * a moment. The visitor sees the caret jump to the end and the next letter land there.
 */
const flag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const actEnvironment = flag.IS_REACT_ACT_ENVIRONMENT;
// React's own scheduler, as in the browser: act() would flush each update on its own and hide the race.
beforeEach(() => (flag.IS_REACT_ACT_ENVIRONMENT = false));
afterEach(() => {
  cleanup();
  flag.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});

/** Types `text` at the caret of a controlled text field the way the browser does: the new value, then `input`. */
function typeAtCaret(field: HTMLTextAreaElement, text: string) {
  const at = field.selectionStart;
  const value = field.value.slice(0, at) + text + field.value.slice(field.selectionEnd);
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(field, value);
  field.setSelectionRange(at + text.length, at + text.length);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Lets every pending promise callback run, but no task (React's scheduler renders in a task). */
async function microtasks() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** Lets React's scheduled renders run. */
const tasks = () => new Promise((r) => setTimeout(r, 20));

describe('a field typed in while the validator arrives', () => {
  it('keeps the caret where the visitor typed', async () => {
    const form = formFile('contact');
    const functions = await compiledFunctions(form.schema);
    let arrive!: (fns: ValidatorFunctions) => void;
    const validator = new Promise<ValidatorFunctions>((resolve) => (arrive = resolve));
    const asked = vi.fn(() => validator);
    renderInPage(<FormRenderer formId="contact" config={form} loadValidator={asked} />, {});
    await waitFor(() => expect(asked).toHaveBeenCalled());
    const message = screen.getByLabelText('Message') as HTMLTextAreaElement;
    message.focus();
    typeAtCaret(message, 'Hello world');
    await tasks();
    message.setSelectionRange(5, 5);

    // The validator's code has arrived and its state is set; React has not rendered it yet when the key comes.
    arrive(functions);
    await microtasks();
    typeAtCaret(message, ',');

    expect(message.value).toBe('Hello, world');
    expect(message.selectionStart).toBe(6);
    await tasks();
    expect(message.value).toBe('Hello, world');
    expect(message.selectionStart).toBe(6);
  });
});

describe('a field typed in while the service answers', () => {
  it('keeps the caret where the visitor typed', async () => {
    const form = formFile('contact');
    const functions = await compiledFunctions(form.schema);
    let answer!: (r: Response) => void;
    const fetchImpl = vi.fn<typeof fetch>(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderInPage(<FormRenderer formId="contact" config={form} loadValidator={() => Promise.resolve(functions)} fetchImpl={fetchImpl} />, {});
    const fields: [string, string][] = [
      ['First Name', 'Ada'],
      ['Last Name', 'Obi'],
      ['Email', 'ada@example.com'],
    ];
    for (const [label, text] of fields) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    const message = screen.getByLabelText('Message') as HTMLTextAreaElement;
    message.focus();
    typeAtCaret(message, 'Hello world');
    await tasks();
    screen.getByRole('button', { name: 'Send message' }).click();
    await waitFor(() => expect(fetchImpl).toHaveBeenCalled());
    await tasks();
    message.setSelectionRange(5, 5);

    // The answer (a failure, which keeps what was typed) is in; React has not rendered it yet when the key comes.
    answer(new Response('down', { status: 503 }));
    await microtasks();
    typeAtCaret(message, ',');

    expect(message.value).toBe('Hello, world');
    expect(message.selectionStart).toBe(6);
    await screen.findByText(/the server answered 503/);
    expect(message.value).toBe('Hello, world');
    expect(message.selectionStart).toBe(6);
  });
});
