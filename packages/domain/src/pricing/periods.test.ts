import { describe, expect, it } from 'vitest';
import { derivePeriodPrice, periodSavings, resolvePeriodPricing, savingsFor, type BillingPeriod } from './periods.ts';

describe('period prices derived from the monthly price', () => {
  it.each<[number, BillingPeriod, number]>([
    [35, 'monthly', 35],
    [35, 'quarterly', 99.75],
    [35, 'semiannual', 189],
    [35, 'annual', 357],
    [40, 'quarterly', 114],
    [40, 'semiannual', 216],
    [40, 'annual', 408],
    [50, 'quarterly', 142.5],
    [50, 'annual', 510],
    [29.9, 'annual', 304.98],
    [19.99, 'quarterly', 56.97],
    [0, 'annual', 0],
    // Exactly half a cent rounds up: 0.30 × 3 × 0.95 = 0.855, 10.30 × 3 × 0.95 = 29.355.
    [0.3, 'quarterly', 0.86],
    [10.3, 'quarterly', 29.36],
  ])('monthly R$ %s → %s R$ %s', (monthly, period, expected) => {
    expect(derivePeriodPrice(monthly, period)).toBe(expected);
  });
});

describe('a plan keeps its stored period prices and derives the missing ones', () => {
  it.each([
    { stored: { monthly: 35 }, expected: { monthly: 35, quarterly: 99.75, semiannual: 189, annual: 357 } },
    {
      stored: { monthly: 40, quarterly: 110, semiannual: null, annual: 400 },
      expected: { monthly: 40, quarterly: 110, semiannual: 216, annual: 400 },
    },
    {
      stored: { monthly: 50, quarterly: 150, semiannual: 280, annual: 500.004 },
      expected: { monthly: 50, quarterly: 150, semiannual: 280, annual: 500 },
    },
  ])('$stored', ({ stored, expected }) => {
    expect(resolvePeriodPricing(stored)).toEqual(expected);
  });
});

describe('savings for a period', () => {
  it.each<[number, number, BillingPeriod, { amount: number; percentage: number; equivalentMonthly: number; monthlySavings: number }]>([
    [35, 35, 'monthly', { amount: 0, percentage: 0, equivalentMonthly: 35, monthlySavings: 0 }],
    [35, 99.75, 'quarterly', { amount: 5.25, percentage: 5, equivalentMonthly: 33.25, monthlySavings: 1.75 }],
    [40, 216, 'semiannual', { amount: 24, percentage: 10, equivalentMonthly: 36, monthlySavings: 4 }],
    [35, 357, 'annual', { amount: 63, percentage: 15, equivalentMonthly: 29.75, monthlySavings: 5.25 }],
    [29.9, 80, 'quarterly', { amount: 9.7, percentage: 11, equivalentMonthly: 26.67, monthlySavings: 3.23 }],
    // A period price above monthly × months saves nothing, never a negative amount.
    [10, 40, 'quarterly', { amount: 0, percentage: 0, equivalentMonthly: 13.33, monthlySavings: 0 }],
    [0, 0, 'annual', { amount: 0, percentage: 0, equivalentMonthly: 0, monthlySavings: 0 }],
  ])('monthly R$ %s, period price R$ %s (%s)', (monthly, price, period, expected) => {
    expect(periodSavings(monthly, price, period)).toEqual(expected);
  });

  it('reads the period price from a resolved pricing', () => {
    const pricing = resolvePeriodPricing({ monthly: 50 });
    expect(savingsFor(pricing, 'annual')).toEqual({ amount: 90, percentage: 15, equivalentMonthly: 42.5, monthlySavings: 7.5 });
  });
});
