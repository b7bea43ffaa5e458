/**
 * /doctor before React: runs the identity-service check at load and shows its state as the block would (the status
 * text and its `data-state`). "Check again" is React's, which comes in on intent and starts from what this shows;
 * from then on this writes nothing.
 */
import { isLive } from '../../renderer/shell/markup.ts';
import { checkService, describeService } from './service.ts';

export default function start(block: HTMLElement): void {
  const status = block.querySelector<HTMLElement>('[data-testid="iam-status"]');
  const url = status?.dataset.service;
  if (!status || !url) return;
  void checkService(url).then((s) => {
    if (isLive(block)) return;
    status.textContent = describeService(s);
    status.dataset.state = s.state;
    if (s.state === 'reachable') status.dataset.status = String(s.status);
  });
}
