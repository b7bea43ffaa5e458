/**
 * The slider moved by key or by drag shows its project cost and fee at once, with the component's own arithmetic
 * and formatting (../lib/pricing.ts) and the prices it prerendered on the slider. In the built page this is all the
 * block does, so it is static and needs no React. Where React renders it too (the dev server, the editor's preview)
 * both write the same figures, so the script need not step aside.
 */
import { formatPrice, projectCost, projectFee, type PriceTable } from '../lib/pricing.ts';

export default function start(block: HTMLElement): void {
  addEventListener('input', (event) => {
    // The slider is the block's only field.
    const slider = event.target as HTMLInputElement;
    if (!block.contains(slider)) return;
    const prices = JSON.parse(slider.dataset.prices ?? '') as Pick<PriceTable, 'currency' | 'estimator'>;
    const cost = projectCost(Number(slider.value), prices);
    // The block prerenders both figures, the cost first.
    const [costText, feeText] = block.querySelectorAll('dd');
    const shown = formatPrice(cost, prices.currency);
    slider.setAttribute('aria-valuetext', shown);
    costText!.textContent = shown;
    feeText!.textContent = formatPrice(projectFee(cost, prices), prices.currency);
  });
}
