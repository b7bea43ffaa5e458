/**
 * Pricing plans and the prices behind them, in words: a plan names how its amount is worked out ("basic"), the
 * amounts live in the site settings; these say what a plan costs, and which plans and sections use each price.
 */
import { formatPrice, type PriceRule, type PriceTable } from '../blocks/lib/pricing.ts';

type Schema = Record<string, unknown>;

export const PRICE_RULES: readonly PriceRule[] = ['free', 'basic', 'pro', 'perUser', 'contact'];

/** The choice of a plan's price rule (its schema lists exactly the rules): the panel shows its amount beside it. */
export function isPriceRuleSchema(schema: Schema | undefined): boolean {
  const choices = schema?.enum;
  return Array.isArray(choices) && choices.length === PRICE_RULES.length && PRICE_RULES.every((r) => choices.includes(r));
}

export function isPriceRule(value: unknown): value is PriceRule {
  return typeof value === 'string' && (PRICE_RULES as readonly string[]).includes(value);
}

/** Each rule by the name a marketer knows it by. */
export const RULE_NAMES: Record<PriceRule, string> = { free: 'Free', basic: 'Basic', pro: 'Pro', perUser: 'Per user', contact: 'Contact us' };

/** The prices (settings of the Prices screen) that make up each rule's amount, the first being the one to change. */
export const RULE_PRICES: Record<PriceRule, readonly string[]> = {
  free: [],
  basic: ['basicPerUser'],
  pro: ['proBase', 'proIncludedUsers', 'proExtraUser'],
  perUser: ['perUser'],
  contact: [],
};

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The site's price table when every number a plan needs is there (while being edited, one may be empty). */
export function priceTable(site: unknown): PriceTable | null {
  const p = (site as { pricing?: Partial<PriceTable> } | null | undefined)?.pricing;
  if (!p || typeof p.currency !== 'string') return null;
  const keys = ['basicPerUser', 'proBase', 'proIncludedUsers', 'proExtraUser', 'perUser', 'annualDiscountPercent'] as const;
  return keys.every((k) => num(p[k])) ? (p as PriceTable) : null;
}

/** "Basic: NGN 20,000 per user a month". */
export function ruleAmount(rule: PriceRule, prices: PriceTable | null): string {
  const name = RULE_NAMES[rule];
  if (rule === 'contact') return `${name}: no amount; the card shows its own words instead (Amount label).`;
  if (rule === 'free') return prices ? `${name}: ${formatPrice(0, prices.currency)}, nothing to pay` : `${name}: nothing to pay`;
  if (!prices) return `${name}: the prices in Site settings › Prices are not complete yet.`;
  const at = (n: number) => formatPrice(n, prices.currency);
  if (rule === 'basic') return `${name}: ${at(prices.basicPerUser)} per user a month`;
  if (rule === 'perUser') return `${name}: ${at(prices.perUser)} per user a month`;
  const users = prices.proIncludedUsers;
  return `${name}: ${at(prices.proBase)} a month for up to ${users} user${users === 1 ? '' : 's'}, plus ${at(prices.proExtraUser)} for each further user`;
}

/** "Billed annually: 12 months less 15 %." for the rules that have an amount. */
export function annualWords(rule: PriceRule, prices: PriceTable | null): string {
  if (!prices || rule === 'contact' || rule === 'free') return '';
  return `Billed annually: 12 months less ${prices.annualDiscountPercent} %.`;
}

/** Where a price is used: a plan card or a fee estimator, on a page. */
export interface PriceUse {
  page: string;
  path: string;
  /** The section on its page (its index). */
  block: number;
  /** The plan's title; none for a fee estimator. */
  plan?: string;
  /** "Plan “Basic” on page “Enterprise pricing”". */
  words: string;
}

export interface PageDocInfo {
  path: string;
  title: string;
  data: unknown;
}

interface PlanLike {
  title?: unknown;
  id?: unknown;
  price?: unknown;
}

/**
 * For every price of the Prices screen (by its setting's name, "basicPerUser", "estimator"), the plans and sections
 * that show it. The currency and the annual discount are used by every plan with an amount.
 */
export function priceUses(pages: readonly PageDocInfo[]): Record<string, PriceUse[]> {
  const out: Record<string, PriceUse[]> = {};
  const add = (key: string, use: PriceUse) => (out[key] ??= []).push(use);
  for (const p of pages) {
    const blocks = (p.data as { blocks?: unknown } | undefined)?.blocks;
    if (!Array.isArray(blocks)) continue;
    blocks.forEach((b: { type?: unknown; plans?: unknown } | null, i) => {
      if (b?.type === 'feeEstimator') {
        add('estimator', { page: p.title, path: p.path, block: i, words: `The fee estimator on page “${p.title}”` });
        add('currency', { page: p.title, path: p.path, block: i, words: `The fee estimator on page “${p.title}”` });
      }
      if (b?.type !== 'pricingPlans' || !Array.isArray(b.plans)) return;
      for (const plan of b.plans as PlanLike[]) {
        if (!isPriceRule(plan?.price)) continue;
        const name = typeof plan.title === 'string' && plan.title ? plan.title : String(plan.id ?? 'plan');
        const use = { page: p.title, path: p.path, block: i, plan: name, words: `Plan “${name}” on page “${p.title}”` };
        for (const key of RULE_PRICES[plan.price]) add(key, use);
        if (plan.price !== 'contact') add('currency', use);
        if (plan.price !== 'contact' && plan.price !== 'free') add('annualDiscountPercent', use);
      }
    });
  }
  return out;
}

const list = (items: readonly string[]) => (items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/**
 * "Used by plans “Free”, “Basic” and “Pro” on page “Enterprise pricing” and the fee estimator on page “Premium plan”."
 * or "Not used by any plan on the site yet."
 */
export function usesWords(uses: readonly PriceUse[] | undefined): string {
  if (!uses?.length) return 'Not used by any plan on the site yet.';
  const parts: string[] = [];
  const pages = [...new Set(uses.map((u) => u.page))];
  for (const page of pages) {
    const here = uses.filter((u) => u.page === page);
    const plans = [...new Set(here.flatMap((u) => (u.plan === undefined ? [] : [u.plan])))];
    if (plans.length) parts.push(`${plans.length > 1 ? 'plans' : 'plan'} ${list(plans.map((t) => `“${t}”`))} on page “${page}”`);
    if (here.some((u) => u.plan === undefined)) parts.push(`the fee estimator on page “${page}”`);
  }
  return `Used by ${list(parts)}.`;
}
