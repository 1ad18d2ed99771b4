// Provider cost tiers: a unit cost per plan type that applies from a quantity on.
import '../zod-locale.ts';
import { z } from 'zod';
import { formatBRL } from '../money.ts';
import { hasAtMostDecimals } from './decimals.ts';
import { BILLING_PERIODS, type BillingPeriod } from './periods.ts';

/** The calculator's plan types are the billing periods (Mensal, Trimestral, Semestral, Anual). */
export const planTypeSchema = z.enum(BILLING_PERIODS, { error: 'Selecione o tipo de plano' });
export type PlanType = BillingPeriod;

// Bounds keep every total in cents an exact integer (1,000,000 units × R$ 1,000,000 × 100 < 2^53).
export const MAX_QUANTITY = 1_000_000;
export const MAX_UNIT_AMOUNT = 1_000_000;
/** Unit costs are stored with 4 decimals (provider_costs.unit_cost). */
export const UNIT_COST_DECIMALS = 4;

export const quantitySchema = z
  .number({ error: 'Informe a quantidade' })
  .int('A quantidade deve ser um número inteiro')
  .min(1, 'A quantidade deve ser de pelo menos 1')
  .max(MAX_QUANTITY, `A quantidade deve ser de no máximo ${MAX_QUANTITY.toLocaleString('pt-BR')}`);

export const unitCostSchema = z
  .number({ error: 'Informe o custo unitário' })
  .min(0, 'Valores não podem ser negativos')
  .max(MAX_UNIT_AMOUNT, `O custo unitário deve ser de no máximo ${formatBRL(MAX_UNIT_AMOUNT)}`)
  .refine((value) => hasAtMostDecimals(value, UNIT_COST_DECIMALS), `Use no máximo ${UNIT_COST_DECIMALS} casas decimais no custo unitário`);

export const providerCostTierSchema = z.object({
  planType: planTypeSchema,
  quantity: quantitySchema,
  unitCost: unitCostSchema,
});
export type ProviderCostTier = z.infer<typeof providerCostTierSchema>;

/** A provider as the pricing rules see it: its cost tiers, one per plan type and quantity. */
export const providerPricingSchema = z.object({
  id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  tiers: z.array(providerCostTierSchema).superRefine((tiers, context) => {
    const seen = new Set<string>();
    tiers.forEach((tier, index) => {
      const key = `${tier.planType}:${tier.quantity}`;
      if (seen.has(key)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'quantity'],
          message: 'Já existe uma faixa com essa quantidade para este tipo de plano',
        });
      }
      seen.add(key);
    });
  }),
});
export type ProviderPricing = z.infer<typeof providerPricingSchema>;

/** The tier with the largest quantity not above the requested one; null when every tier starts above it. */
export function selectTier<T extends { quantity: number }>(tiers: readonly T[], quantity: number): T | null {
  let selected: T | null = null;
  for (const tier of tiers) {
    if (tier.quantity <= quantity && (selected === null || tier.quantity > selected.quantity)) selected = tier;
  }
  return selected;
}

/** The provider's cost tier for a plan type and quantity (the same rule, among that plan type's tiers). */
export function selectProviderTier(tiers: readonly ProviderCostTier[], planType: PlanType, quantity: number): ProviderCostTier | null {
  return selectTier(
    tiers.filter((tier) => tier.planType === planType),
    quantity,
  );
}
