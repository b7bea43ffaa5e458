/**
 * The service's own page for a form posted without JavaScript, where the site's page cannot be rendered here (the
 * service running alone behind a CDN, or before a build): plain HTML that says what happened in the form's words,
 * each mistake with its field's label, and how to go on. Nothing the visitor typed is shown back unescaped.
 */
import type { FormConfig } from '../renderer/generated/config-types.ts';
import type { FormAnswer } from '../renderer/forms/answer.ts';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function plainAnswer(config: FormConfig, answer: FormAnswer, problem?: string): string {
  const wrong = Object.entries(answer.errors);
  const label = (field: string) => config.schema.properties[field]?.title ?? field;
  const next = config.submit.onSuccess.goTo?.startsWith('/') ? config.submit.onSuccess.goTo : undefined;
  const [title, body] = problem
    ? ['Your form was not sent', `<p>${escape(problem)}</p><p>Go back with your browser’s Back button: what you typed is still there.</p>`]
    : wrong.length
      ? [
          'Please check your form',
          `<p>Some of what you sent needs a change before we can take it:</p><ul>${wrong
            .map(([f, m]) => `<li><strong>${escape(label(f))}</strong>: ${escape(m)}</li>`)
            .join('')}</ul><p>Go back with your browser’s Back button: what you typed is still there.</p>`,
        ]
      : [
          'Thank you',
          `<p>${escape(answer.notice ?? 'We received your submission.')}</p><p><a href="${escape(next ?? '/')}">${next ? 'Continue' : 'Back to the site'}</a></p>`,
        ];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>\n`;
}
