/**
 * Before React is here, a change of a plan's user count reprices its card at once, both billing periods, from the
 * prices the page carries on each option (written by the component with the same arithmetic, so no arithmetic is
 * shipped). The billing period needs no script: the styles show the checked period's figures. Once the island is
 * live, React does all of it.
 */
import { isLive } from '../../renderer/shell/markup.ts';
import { withoutCurrency } from '../lib/pricing.ts';

export default function start(block: HTMLElement): void {
  // The window's capture phase: the islands loader stops a change there until React has the block.
  addEventListener(
    'change',
    (event) => {
      // Only a select has selected options; the radios' changes are the styles' to show.
      const select = event.target as HTMLSelectElement;
      const option = select.selectedOptions?.[0];
      if (!option || !block.contains(select) || isLive(block)) return;
      // Every user count is in a plan's card.
      for (const el of select.closest('article')!.querySelectorAll<HTMLElement>('[data-price]')) {
        const text = option.getAttribute(`data-${el.dataset.price}`) ?? '';
        el.textContent = el.hasAttribute('data-number') ? withoutCurrency(text) : text;
      }
    },
    true,
  );
}
