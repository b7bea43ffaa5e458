// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { annualWords, isPriceRuleSchema, priceTable, priceUses, ruleAmount, usesWords } from './prices.ts';
import { blockSchema, schemaAt } from './schemas.ts';

const site = JSON.parse(readFileSync('site.config/site.json', 'utf8'));
const prices = priceTable(site);

describe('a plan’s price in words', () => {
  it('says the amount each rule gives with the site’s prices', () => {
    expect(ruleAmount('basic', prices)).toBe('Basic: NGN 20,000 per user a month');
    expect(ruleAmount('perUser', prices)).toBe('Per user: NGN 10,000 per user a month');
    expect(ruleAmount('pro', prices)).toBe('Pro: NGN 45,000 a month for up to 3 users, plus NGN 10,000 for each further user');
    expect(ruleAmount('free', prices)).toBe('Free: NGN 0, nothing to pay');
    expect(ruleAmount('contact', prices)).toMatch(/^Contact us: no amount/);
    expect(annualWords('basic', prices)).toBe('Billed annually: 12 months less 15 %.');
    expect(annualWords('contact', prices)).toBe('');
  });

  it('follows the prices as they are edited, and says when they are incomplete', () => {
    expect(ruleAmount('basic', priceTable({ pricing: { ...site.pricing, basicPerUser: 12, currency: 'USD' } }))).toBe('Basic: USD 12 per user a month');
    expect(ruleAmount('basic', priceTable({ pricing: { ...site.pricing, basicPerUser: undefined } }))).toMatch(/not complete/);
  });

  it('knows the plan’s price setting by its choices', () => {
    const plans = blockSchema('pricingPlans');
    const plan = (schemaAt(plans, ['plans', '0']) as { allOf: Record<string, unknown>[] }).allOf[0];
    expect(isPriceRuleSchema((plan.properties as Record<string, Record<string, unknown>>).price)).toBe(true);
    expect(isPriceRuleSchema({ enum: ['free', 'basic'] })).toBe(false);
    expect(isPriceRuleSchema({ type: 'string' })).toBe(false);
  });
});

describe('which plans use each price', () => {
  const page = JSON.parse(readFileSync('site.config/pages/pricing-enterprise.json', 'utf8'));
  const uses = priceUses([{ path: 'pages/pricing-enterprise.json', title: 'Enterprise pricing', data: page }]);

  it('lists the plans by their titles and pages', () => {
    expect(usesWords(uses.basicPerUser)).toBe('Used by plan “Basic” on page “Enterprise pricing”.');
    expect(usesWords(uses.proExtraUser)).toBe('Used by plan “Pro” on page “Enterprise pricing”.');
    expect(usesWords(uses.currency)).toBe('Used by plans “Free”, “Basic” and “Pro” on page “Enterprise pricing”.');
    expect(uses.basicPerUser[0]).toMatchObject({ path: 'pages/pricing-enterprise.json', block: 1 });
  });

  it('says when nothing uses a price', () => {
    expect(usesWords(uses.perUser)).toBe('Not used by any plan on the site yet.');
  });

  it('counts a fee estimator as a user of the estimator’s settings', () => {
    const u = priceUses([
      { path: 'pages/x.json', title: 'Fees', data: { blocks: [{ type: 'feeEstimator' }] } },
      { path: 'pages/pricing-enterprise.json', title: 'Enterprise pricing', data: page },
    ]);
    expect(usesWords(u.estimator)).toBe('Used by the fee estimator on page “Fees”.');
    expect(usesWords(u.currency)).toBe('Used by the fee estimator on page “Fees” and plans “Free”, “Basic” and “Pro” on page “Enterprise pricing”.');
  });
});
