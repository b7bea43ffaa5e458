// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { site } from 'virtual:sitewright/config';
import { annualPrice, clampPercent, clampUserCount, formatPrice, monthlyPrice, priceFor, projectCost, projectFee, userCountOptions } from './pricing.ts';

/** The site's own numbers: the spec's prices are what site.config/site.json says. */
const prices = site.pricing;

describe('monthlyPrice', () => {
  it('Basic is NGN 20,000 per user, at both ends of its 1–10 range and in between', () => {
    expect(monthlyPrice('basic', 1, prices)).toBe(20_000);
    expect(monthlyPrice('basic', 2, prices)).toBe(40_000);
    expect(monthlyPrice('basic', 7, prices)).toBe(140_000);
    expect(monthlyPrice('basic', 10, prices)).toBe(200_000);
  });

  it('Pro is NGN 45,000 for up to 3 users, plus NGN 10,000 for each user beyond 3', () => {
    expect(monthlyPrice('pro', 3, prices)).toBe(45_000);
    expect(monthlyPrice('pro', 4, prices)).toBe(55_000);
    expect(monthlyPrice('pro', 5, prices)).toBe(65_000);
    expect(monthlyPrice('pro', 10, prices)).toBe(115_000);
  });

  it('Pro never charges less than its base, even below 3 users', () => {
    expect(monthlyPrice('pro', 1, prices)).toBe(45_000);
    expect(monthlyPrice('pro', 0, prices)).toBe(45_000);
  });

  it('other priced plans are NGN 10,000 per user', () => {
    expect(monthlyPrice('perUser', 1, prices)).toBe(10_000);
    expect(monthlyPrice('perUser', 6, prices)).toBe(60_000);
  });

  it('Free is NGN 0 and contact-only plans have no price', () => {
    expect(monthlyPrice('free', 1, prices)).toBe(0);
    expect(monthlyPrice('free', 10, prices)).toBe(0);
    expect(monthlyPrice('contact', 5, prices)).toBeNull();
  });

  it('treats a fractional or broken user count sanely', () => {
    expect(monthlyPrice('basic', 2.4, prices)).toBe(40_000);
    expect(monthlyPrice('basic', Number.NaN, prices)).toBe(0);
    expect(monthlyPrice('basic', -3, prices)).toBe(0);
  });
});

describe('annual pricing', () => {
  it('is 12 months less 15 %', () => {
    expect(annualPrice(20_000, prices)).toBe(204_000);
    expect(annualPrice(45_000, prices)).toBe(459_000);
    expect(annualPrice(200_000, prices)).toBe(2_040_000);
    expect(annualPrice(0, prices)).toBe(0);
  });

  it('rounds to the naira', () => {
    // 1 × 12 × 0.85 = 10.2
    expect(annualPrice(1, prices)).toBe(10);
    // 3 × 12 × 0.85 = 30.6
    expect(annualPrice(3, prices)).toBe(31);
  });

  it('priceFor picks the billing period', () => {
    expect(priceFor('basic', 1, 'monthly', prices)).toBe(20_000);
    expect(priceFor('basic', 1, 'annually', prices)).toBe(204_000);
    expect(priceFor('pro', 5, 'monthly', prices)).toBe(65_000);
    expect(priceFor('pro', 5, 'annually', prices)).toBe(663_000);
    expect(priceFor('pro', 10, 'annually', prices)).toBe(1_173_000);
    expect(priceFor('free', 1, 'annually', prices)).toBe(0);
    expect(priceFor('contact', 1, 'annually', prices)).toBeNull();
  });
});

describe('user counts', () => {
  const basic = { min: 1, max: 10 };
  const pro = { min: 3, max: 10 };

  it('lists every choice of a range, ends included', () => {
    expect(userCountOptions(basic)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(userCountOptions(pro)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(userCountOptions({ min: 4, max: 4 })).toEqual([4]);
  });

  it('clamps to the range bounds', () => {
    expect(clampUserCount(0, basic)).toBe(1);
    expect(clampUserCount(1, basic)).toBe(1);
    expect(clampUserCount(10, basic)).toBe(10);
    expect(clampUserCount(11, basic)).toBe(10);
    expect(clampUserCount(2, pro)).toBe(3);
    expect(clampUserCount(3, pro)).toBe(3);
    expect(clampUserCount(10, pro)).toBe(10);
    expect(clampUserCount(25, pro)).toBe(10);
    expect(clampUserCount(Number.NaN, pro)).toBe(3);
    expect(clampUserCount(5.6, pro)).toBe(6);
  });
});

describe('fee estimator', () => {
  it('project cost runs from NGN 5,000,000 at 0 % to NGN 500,000,000 at 100 %', () => {
    expect(projectCost(0, prices)).toBe(5_000_000);
    expect(projectCost(100, prices)).toBe(500_000_000);
  });

  it('rounds the cost to the nearest million (half a million rounds up)', () => {
    // 5M + 495M × 0.5 = 252.5M
    expect(projectCost(50, prices)).toBe(253_000_000);
    // 5M + 4.95M = 9.95M
    expect(projectCost(1, prices)).toBe(10_000_000);
    // 5M + 123.75M = 128.75M
    expect(projectCost(25, prices)).toBe(129_000_000);
    // 5M + 490.05M = 495.05M
    expect(projectCost(99, prices)).toBe(495_000_000);
    // 5M + 0.495M = 5.495M
    expect(projectCost(0.1, prices)).toBe(5_000_000);
  });

  it('keeps the slider inside 0–100 %', () => {
    expect(clampPercent(-10)).toBe(0);
    expect(clampPercent(130)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(0);
    expect(projectCost(-5, prices)).toBe(5_000_000);
    expect(projectCost(150, prices)).toBe(500_000_000);
  });

  it('the fee is 7.5 % of the rounded cost, rounded', () => {
    expect(projectFee(projectCost(0, prices), prices)).toBe(375_000);
    expect(projectFee(projectCost(50, prices), prices)).toBe(18_975_000);
    expect(projectFee(projectCost(100, prices), prices)).toBe(37_500_000);
    expect(projectFee(1_000_001, prices)).toBe(75_000);
    // 7.5 % of 7 is 0.525
    expect(projectFee(7, prices)).toBe(1);
  });
});

describe('formatPrice', () => {
  it('writes NGN with thousands separators', () => {
    expect(formatPrice(0, 'NGN')).toBe('NGN 0');
    expect(formatPrice(999, 'NGN')).toBe('NGN 999');
    expect(formatPrice(1_000, 'NGN')).toBe('NGN 1,000');
    expect(formatPrice(20_000, 'NGN')).toBe('NGN 20,000');
    expect(formatPrice(204_000, 'NGN')).toBe('NGN 204,000');
    expect(formatPrice(253_000_000, 'NGN')).toBe('NGN 253,000,000');
    expect(formatPrice(1_234_567_890, 'NGN')).toBe('NGN 1,234,567,890');
  });

  it('rounds to whole naira and keeps a minus sign', () => {
    expect(formatPrice(1_999.6, 'NGN')).toBe('NGN 2,000');
    expect(formatPrice(-45_000, 'NGN')).toBe('-NGN 45,000');
    expect(formatPrice(-0.2, 'NGN')).toBe('NGN 0');
  });
});
