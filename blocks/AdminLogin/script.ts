/**
 * All the hidden login does. Its Submit is prerendered disabled, so that without script the form sends nothing; this
 * enables it and answers each entry: the email and password digested with the build's salt (Web Crypto) and compared
 * with the build's hash; a match sets the shared preview flag and loads /, anything else shows the spec's message.
 */
import { navigateTo } from '../../renderer/lib/navigate.ts';
import { storePreviewPass } from '../../renderer/lib/preview-pass.ts';
import { matchesPreviewGate, WRONG_CREDENTIALS, type PreviewGate } from './credentials.ts';

export default function start(block: HTMLElement): void {
  const submit = block.querySelector('button');
  if (submit) submit.disabled = false;
  // On the block rather than the form, which a client render (the editor's preview) may replace. Enter in a field
  // submits too.
  block.addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    // Email, then password (which has no name: see ./index.tsx).
    const inputs = form.querySelectorAll('input');
    // The form carries the build's salt and hash, or nothing when no gate is configured (then nothing matches).
    if (await matchesPreviewGate(inputs[0]!.value, inputs[1]!.value, form.dataset as Partial<PreviewGate> as PreviewGate)) {
      storePreviewPass();
      return navigateTo('/');
    }
    const error = form.querySelector<HTMLElement>('[role="alert"]')!;
    error.textContent = WRONG_CREDENTIALS;
    error.hidden = false;
    for (const input of inputs) input.setAttribute('aria-invalid', 'true');
  });
}
