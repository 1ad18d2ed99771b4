import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampStandardCost, resolveStandardCosts, STANDARD_COST_LIMITS, standardCostsSchema } from './standard-costs.ts';

describe('a standard cost as saved', () => {
  it.each([
    [-1, 0],
    [0, 0],
    [4.5, 4.5],
    [999_999.99, 999_999.99],
    [1_000_000, 1_000_000],
    [1_000_000.01, 1_000_000],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [Number.NEGATIVE_INFINITY, 0],
  ])('%s becomes %s', (value, expected) => {
    expect(clampStandardCost(value)).toBe(expected);
  });

  it('always lies within 0 to 1,000,000, whatever the number', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        const clamped = clampStandardCost(value);
        expect(clamped).toBeGreaterThanOrEqual(STANDARD_COST_LIMITS.min);
        expect(clamped).toBeLessThanOrEqual(STANDARD_COST_LIMITS.max);
        // −0 comes out as 0.
        if (Number.isFinite(value) && value >= 0 && value <= 1_000_000) expect(clamped).toBe(value === 0 ? 0 : value);
      }),
    );
  });

  it('is clamped when a save sends it out of range, and refused when it is not a number', () => {
    expect(standardCostsSchema.parse({ creditCost: -3, supplierCost: 5_000_000, providerCost: Number.NaN })).toEqual({
      creditCost: 0,
      supplierCost: 1_000_000,
      providerCost: 0,
    });
    const parsed = standardCostsSchema.safeParse({ creditCost: 'caro', supplierCost: 4.5 });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['creditCost', 'Informe um valor numérico'],
      ['providerCost', 'Informe um valor numérico'],
    ]);
  });
});

describe('the standard costs read from storage', () => {
  it.each<[string, unknown, { creditCost: number; supplierCost: number; providerCost: number }]>([
    ['nothing saved yet', null, { creditCost: 0, supplierCost: 4.5, providerCost: 0 }],
    ['an empty entry', {}, { creditCost: 0, supplierCost: 4.5, providerCost: 0 }],
    ['a saved supplier cost', { supplierCost: 3.2 }, { creditCost: 0, supplierCost: 3.2, providerCost: 0 }],
    ['a saved supplier cost of 0', { supplierCost: 0 }, { creditCost: 0, supplierCost: 0, providerCost: 0 }],
    ['numbers kept as text', { creditCost: '2.5', providerCost: ' 7 ' }, { creditCost: 2.5, supplierCost: 4.5, providerCost: 7 }],
    ['values out of range', { creditCost: -10, supplierCost: 2e6, providerCost: 'Infinity' }, { creditCost: 0, supplierCost: 1_000_000, providerCost: 0 }],
    ['values that are not numbers', { creditCost: 'abc', supplierCost: true, providerCost: [] }, { creditCost: 0, supplierCost: 4.5, providerCost: 0 }],
    ['a value that is not an entry', 'texto', { creditCost: 0, supplierCost: 4.5, providerCost: 0 }],
  ])('%s', (_name, stored, expected) => {
    expect(resolveStandardCosts(stored)).toEqual(expected);
  });
});
