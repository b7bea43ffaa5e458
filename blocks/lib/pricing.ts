/**
 * Pricing rules. The numbers (per-user prices, the annual discount, the estimator's range and fee)
 * are config, `pricing` in site.config/site.json; plan data (titles, labels, user ranges, comparison rows) lives in
 * the page config; only the arithmetic lives here, so it is tested once and shows the same everywhere.
 * Every function is pure: same input, same output on the server and in the browser.
 */
import type { PriceTable } from '../../renderer/generated/config-types.ts';

export type { PriceTable };

/** How a plan's amount is worked out. "contact" plans show their amount label ("Contact us") instead. */
export type PriceRule = 'free' | 'basic' | 'pro' | 'perUser' | 'contact';

export type BillingPeriod = 'monthly' | 'annually';

export interface UserRange {
  min: number;
  max: number;
}

/** Keeps a whole number inside a range; anything that is not a finite number falls back to the minimum. */
export function clampUserCount(count: number, range: UserRange): number {
  if (!Number.isFinite(count)) return range.min;
  return Math.min(range.max, Math.max(range.min, Math.round(count)));
}

/** The choices of a user-count dropdown, e.g. 3 to 10 for Pro. */
export function userCountOptions(range: UserRange): number[] {
  const options: number[] = [];
  for (let n = range.min; n <= range.max; n++) options.push(n);
  return options;
}

/** Monthly price for a plan billed by `rule` with `users` users. Contact-only plans have no price (null). */
export function monthlyPrice(rule: PriceRule, users: number, prices: PriceTable): number | null {
  const n = Math.max(0, Math.round(Number.isFinite(users) ? users : 0));
  switch (rule) {
    case 'free':
      return 0;
    case 'basic':
      return prices.basicPerUser * n;
    case 'pro':
      return prices.proBase + prices.proExtraUser * Math.max(0, n - prices.proIncludedUsers);
    case 'perUser':
      return prices.perUser * n;
    case 'contact':
      return null;
  }
}

/** Twelve months of a monthly price less the annual discount, rounded to a whole unit. */
export function annualPrice(monthly: number, prices: PriceTable): number {
  return Math.round((monthly * 12 * (100 - prices.annualDiscountPercent)) / 100);
}

/** The amount shown for a billing period: the monthly price, or the discounted annual price. */
export function priceFor(rule: PriceRule, users: number, period: BillingPeriod, prices: PriceTable): number | null {
  const monthly = monthlyPrice(rule, users, prices);
  if (monthly === null) return null;
  return period === 'annually' ? annualPrice(monthly, prices) : monthly;
}

/** Keeps a slider position inside 0–100. */
export function clampPercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, percent));
}

/** Project cost for a slider position (0–100 %) between the estimator's least and greatest cost, rounded to its step. */
export function projectCost(percent: number, prices: Pick<PriceTable, 'estimator'>): number {
  const { costMin, costMax, costStep } = prices.estimator;
  const raw = costMin + ((costMax - costMin) * clampPercent(percent)) / 100;
  return Math.round(raw / costStep) * costStep;
}

/** The fee on a (rounded) project cost, in thousandths so the arithmetic stays in integers, rounded to a whole unit. */
export function projectFee(cost: number, prices: Pick<PriceTable, 'estimator'>): number {
  return Math.round((cost * prices.estimator.feePerMille) / 1000);
}

/**
 * "NGN 20,000". Groups digits by hand rather than with toLocaleString, whose output depends on the
 * runtime's locale data and could differ between the prerender and the visitor's browser.
 */
export function formatPrice(amount: number, currency: string): string {
  const whole = Math.round(Math.abs(amount));
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 && whole !== 0 ? '-' : ''}${currency} ${grouped}`;
}

/** "NGN 20,000" → "20,000": a price's figure without its currency. */
export function withoutCurrency(price: string): string {
  return price.slice(price.indexOf(' ') + 1);
}
