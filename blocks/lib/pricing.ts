/**
 * Pricing rules of spec section 9. Plan data (titles, labels, user ranges, comparison rows) lives in the
 * page config; only the arithmetic lives here, so the numbers are tested once and shown the same everywhere.
 * Every function is pure: same input, same output on the server and in the browser.
 */

/** How a plan's amount is worked out. "contact" plans show their amount label ("Contact us") instead. */
export type PriceRule = 'free' | 'basic' | 'pro' | 'perUser' | 'contact';

export type BillingPeriod = 'monthly' | 'annually';

export interface UserRange {
  min: number;
  max: number;
}

export const CURRENCY = 'NGN';

/** Basic: NGN 20,000 per user per month. */
export const BASIC_PER_USER = 20_000;
/** Pro: NGN 45,000 a month covers up to 3 users ... */
export const PRO_BASE = 45_000;
export const PRO_INCLUDED_USERS = 3;
/** ... and each user beyond 3 adds NGN 10,000. */
export const PRO_EXTRA_USER = 10_000;
/** Any other priced plan: NGN 10,000 per user. */
export const DEFAULT_PER_USER = 10_000;

/** Annual billing: 12 months less 15 %. */
export const ANNUAL_MONTHS = 12;
export const ANNUAL_DISCOUNT_PERCENT = 15;

/** Fee estimator: the slider runs 0–100 % over project costs of NGN 5M to 500M, and the fee is 7.5 %. */
export const COST_MIN = 5_000_000;
export const COST_SPAN = 495_000_000;
export const COST_STEP = 1_000_000;
/** 7.5 % as a fraction of 1000, so the arithmetic stays in integers. */
export const FEE_PER_MILLE = 75;

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

/** Monthly price in NGN for a plan billed by `rule` with `users` users. Contact-only plans have no price (null). */
export function monthlyPrice(rule: PriceRule, users: number): number | null {
  const n = Math.max(0, Math.round(Number.isFinite(users) ? users : 0));
  switch (rule) {
    case 'free':
      return 0;
    case 'basic':
      return BASIC_PER_USER * n;
    case 'pro':
      return PRO_BASE + PRO_EXTRA_USER * Math.max(0, n - PRO_INCLUDED_USERS);
    case 'perUser':
      return DEFAULT_PER_USER * n;
    case 'contact':
      return null;
  }
}

/** A year of a monthly price with the 15 % annual discount, rounded to the naira. */
export function annualPrice(monthly: number): number {
  return Math.round((monthly * ANNUAL_MONTHS * (100 - ANNUAL_DISCOUNT_PERCENT)) / 100);
}

/** The amount shown for a billing period: the monthly price, or the discounted annual price. */
export function priceFor(rule: PriceRule, users: number, period: BillingPeriod): number | null {
  const monthly = monthlyPrice(rule, users);
  if (monthly === null) return null;
  return period === 'annually' ? annualPrice(monthly) : monthly;
}

/** Keeps a slider position inside 0–100. */
export function clampPercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, percent));
}

/** Project cost for a slider position (0–100 %): 5M + 495M × fraction, rounded to the nearest million. */
export function projectCost(percent: number): number {
  const raw = COST_MIN + (COST_SPAN * clampPercent(percent)) / 100;
  return Math.round(raw / COST_STEP) * COST_STEP;
}

/** The fee on a (rounded) project cost: 7.5 %, rounded to the naira. */
export function projectFee(cost: number): number {
  return Math.round((cost * FEE_PER_MILLE) / 1000);
}

/**
 * "NGN 20,000". Groups digits by hand rather than with toLocaleString, whose output depends on the
 * runtime's locale data and could differ between the prerender and the visitor's browser.
 */
export function formatNgn(amount: number): string {
  const whole = Math.round(Math.abs(amount));
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 && whole !== 0 ? '-' : ''}${CURRENCY} ${grouped}`;
}
