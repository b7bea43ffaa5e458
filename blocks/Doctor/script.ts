/**
 * /doctor before React: runs the identity-service check at load and shows its state as the block would (the status
 * text, its `data-state`, the "Check again" button out of its loading state). "Check again" itself is React's, which
 * comes in on intent and starts from what this shows; from then on this writes nothing.
 */
import { checkService, describeService } from './service.ts';

const isLive = (block: Element): boolean => block.closest('[data-island]')?.hasAttribute('data-live') ?? false;

export default function start(block: HTMLElement): void {
  const status = block.querySelector<HTMLElement>('[data-testid="iam-status"]');
  const url = status?.dataset.service;
  if (!status || !url) return;
  void checkService(url).then((s) => {
    if (!s || isLive(block)) return;
    status.textContent = describeService(s);
    status.dataset.state = s.state;
    if (s.state === 'reachable') status.dataset.status = String(s.status);
    const again = status.parentElement?.querySelector('button');
    if (!again) return;
    again.dataset.state = 'normal';
    again.removeAttribute('aria-busy');
    again.removeAttribute('aria-labelledby');
    again.querySelector('[data-testid="button-spinner"]')?.remove();
  });
}
