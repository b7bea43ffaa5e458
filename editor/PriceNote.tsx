/** Beside a pricing plan's price rule: what it costs with the site's prices, and the way to change them. */
import { focusField } from './focus.ts';
import { fieldId } from './pointer.ts';
import { annualWords, isPriceRule, priceTable, ruleAmount, RULE_NAMES, RULE_PRICES } from './prices.ts';
import type { ScreenId } from './settings-screens.ts';
import { editorStore, useEditor } from './store.ts';

/** Opens a screen of the site settings, with the cursor in the field at `field` when one is given. */
export function openScreen(screen: ScreenId, field?: readonly string[]) {
  editorStore.getState().showPanel({ kind: 'file', path: 'site.json', screen });
  if (field?.length) void focusField(fieldId('sw-file', [...field]));
}

/**
 * Under a pricing plan's price rule: the amount it gives with the site's prices, in words, and a way to the Prices
 * screen at the price it uses.
 */
export function PriceRuleNote({ id, rule }: { id: string; rule: unknown }) {
  const site = useEditor((s) => s.working['site.json']);
  if (!isPriceRule(rule)) return null;
  const prices = priceTable(site);
  const key = RULE_PRICES[rule][0];
  const annual = annualWords(rule, prices);
  return (
    <div className="sw-price-note" id={`${id}__amount`}>
      <p className="sw-price-note__amount">
        <strong>{ruleAmount(rule, prices)}</strong>
        {annual && <span className="sw-help"> {annual}</span>}
      </p>
      {key && (
        <button type="button" className="sw-button" aria-label={`Change prices for ${RULE_NAMES[rule]}`} onClick={() => openScreen('prices', ['pricing', key])}>
          Change prices
        </button>
      )}
    </div>
  );
}
