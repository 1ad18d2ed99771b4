// Standard costs (site configuration 'pricing' / 'standard_costs'): credit, supplier and provider cost.
import '../zod-locale.ts';
import { z } from 'zod';

export const STANDARD_COSTS_CONFIG = { section: 'pricing', key: 'standard_costs' } as const;
export const STANDARD_COST_LIMITS = { min: 0, max: 1_000_000 } as const;
/** The supplier cost used when none has been saved. */
export const DEFAULT_SUPPLIER_COST = 4.5;

export const STANDARD_COST_KEYS = ['creditCost', 'supplierCost', 'providerCost'] as const;
export type StandardCostKey = (typeof STANDARD_COST_KEYS)[number];
export type StandardCosts = Record<StandardCostKey, number>;

export const DEFAULT_STANDARD_COSTS: StandardCosts = { creditCost: 0, supplierCost: DEFAULT_SUPPLIER_COST, providerCost: 0 };

/** A saved standard cost lies within 0 to 1,000,000; a non-finite value (NaN, ±Infinity) becomes 0. */
export function clampStandardCost(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(STANDARD_COST_LIMITS.max, Math.max(STANDARD_COST_LIMITS.min, value));
}

// Out-of-range numbers are clamped rather than refused, as saving them always was; anything
// that is not a number is refused.
const standardCostSchema = z.preprocess(
  (value) => (typeof value === 'number' ? clampStandardCost(value) : value),
  z.number({ error: 'Informe um valor numérico' }),
);

/** The standard costs as saved (the body of a save and the stored value). */
export const standardCostsSchema = z.object({
  creditCost: standardCostSchema,
  supplierCost: standardCostSchema,
  providerCost: standardCostSchema,
});

/** The standard costs read from whatever is stored: each clamped; a missing or non-numeric one takes its default. */
export function resolveStandardCosts(stored: unknown): StandardCosts {
  const record: Record<string, unknown> = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const read = (key: StandardCostKey) => {
    const value = record[key];
    const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    return Number.isNaN(number) ? DEFAULT_STANDARD_COSTS[key] : clampStandardCost(number);
  };
  return { creditCost: read('creditCost'), supplierCost: read('supplierCost'), providerCost: read('providerCost') };
}
