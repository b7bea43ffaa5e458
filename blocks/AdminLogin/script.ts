/**
 * The hidden login before React. Its Submit is prerendered disabled, so that without script the form sends nothing;
 * with script it can be pressed at once: the shell's early catcher and the deferral primitive hold the submit (an
 * Enter in a field included) and replay it once the block is live, which then checks the entry.
 */
export default function start(block: HTMLElement): void {
  const submit = block.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (submit) submit.disabled = false;
}
