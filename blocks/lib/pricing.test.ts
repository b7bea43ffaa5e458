import { describe, expect, it } from 'vitest';
import {
  annualPrice,
  clampPercent,
  clampUserCount,
  formatNgn,
  monthlyPrice,
  priceFor,
  projectCost,
  projectFee,
  userCountOptions,
} from './pricing.ts';

describe('monthlyPrice', () => {
  it('Basic is NGN 20,000 per user, at both ends of its 1–10 range and in between', () => {
    expect(monthlyPrice('basic', 1)).toBe(20_000);
    expect(monthlyPrice('basic', 2)).toBe(40_000);
    expect(monthlyPrice('basic', 7)).toBe(140_000);
    expect(monthlyPrice('basic', 10)).toBe(200_000);
  });

  it('Pro is NGN 45,000 for up to 3 users, plus NGN 10,000 for each user beyond 3', () => {
    expect(monthlyPrice('pro', 3)).toBe(45_000);
    expect(monthlyPrice('pro', 4)).toBe(55_000);
    expect(monthlyPrice('pro', 5)).toBe(65_000);
    expect(monthlyPrice('pro', 10)).toBe(115_000);
  });

  it('Pro never charges less than its base, even below 3 users', () => {
    expect(monthlyPrice('pro', 1)).toBe(45_000);
    expect(monthlyPrice('pro', 0)).toBe(45_000);
  });

  it('other priced plans are NGN 10,000 per user', () => {
    expect(monthlyPrice('perUser', 1)).toBe(10_000);
    expect(monthlyPrice('perUser', 6)).toBe(60_000);
  });

  it('Free is NGN 0 and contact-only plans have no price', () => {
    expect(monthlyPrice('free', 1)).toBe(0);
    expect(monthlyPrice('free', 10)).toBe(0);
    expect(monthlyPrice('contact', 5)).toBeNull();
  });

  it('treats a fractional or broken user count sanely', () => {
    expect(monthlyPrice('basic', 2.4)).toBe(40_000);
    expect(monthlyPrice('basic', Number.NaN)).toBe(0);
    expect(monthlyPrice('basic', -3)).toBe(0);
  });
});

describe('annual pricing', () => {
  it('is 12 months less 15 %', () => {
    expect(annualPrice(20_000)).toBe(204_000);
    expect(annualPrice(45_000)).toBe(459_000);
    expect(annualPrice(200_000)).toBe(2_040_000);
    expect(annualPrice(0)).toBe(0);
  });

  it('rounds to the naira', () => {
    // 1 × 12 × 0.85 = 10.2
    expect(annualPrice(1)).toBe(10);
    // 3 × 12 × 0.85 = 30.6
    expect(annualPrice(3)).toBe(31);
  });

  it('priceFor picks the billing period', () => {
    expect(priceFor('basic', 1, 'monthly')).toBe(20_000);
    expect(priceFor('basic', 1, 'annually')).toBe(204_000);
    expect(priceFor('pro', 5, 'monthly')).toBe(65_000);
    expect(priceFor('pro', 5, 'annually')).toBe(663_000);
    expect(priceFor('pro', 10, 'annually')).toBe(1_173_000);
    expect(priceFor('free', 1, 'annually')).toBe(0);
    expect(priceFor('contact', 1, 'annually')).toBeNull();
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
    expect(projectCost(0)).toBe(5_000_000);
    expect(projectCost(100)).toBe(500_000_000);
  });

  it('rounds the cost to the nearest million (half a million rounds up)', () => {
    // 5M + 495M × 0.5 = 252.5M
    expect(projectCost(50)).toBe(253_000_000);
    // 5M + 4.95M = 9.95M
    expect(projectCost(1)).toBe(10_000_000);
    // 5M + 123.75M = 128.75M
    expect(projectCost(25)).toBe(129_000_000);
    // 5M + 490.05M = 495.05M
    expect(projectCost(99)).toBe(495_000_000);
    // 5M + 0.495M = 5.495M
    expect(projectCost(0.1)).toBe(5_000_000);
  });

  it('keeps the slider inside 0–100 %', () => {
    expect(clampPercent(-10)).toBe(0);
    expect(clampPercent(130)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(0);
    expect(projectCost(-5)).toBe(5_000_000);
    expect(projectCost(150)).toBe(500_000_000);
  });

  it('the fee is 7.5 % of the rounded cost, rounded', () => {
    expect(projectFee(projectCost(0))).toBe(375_000);
    expect(projectFee(projectCost(50))).toBe(18_975_000);
    expect(projectFee(projectCost(100))).toBe(37_500_000);
    expect(projectFee(1_000_001)).toBe(75_000);
    // 7.5 % of 7 is 0.525
    expect(projectFee(7)).toBe(1);
  });
});

describe('formatNgn', () => {
  it('writes NGN with thousands separators', () => {
    expect(formatNgn(0)).toBe('NGN 0');
    expect(formatNgn(999)).toBe('NGN 999');
    expect(formatNgn(1_000)).toBe('NGN 1,000');
    expect(formatNgn(20_000)).toBe('NGN 20,000');
    expect(formatNgn(204_000)).toBe('NGN 204,000');
    expect(formatNgn(253_000_000)).toBe('NGN 253,000,000');
    expect(formatNgn(1_234_567_890)).toBe('NGN 1,234,567,890');
  });

  it('rounds to whole naira and keeps a minus sign', () => {
    expect(formatNgn(1_999.6)).toBe('NGN 2,000');
    expect(formatNgn(-45_000)).toBe('-NGN 45,000');
    expect(formatNgn(-0.2)).toBe('NGN 0');
  });
});
