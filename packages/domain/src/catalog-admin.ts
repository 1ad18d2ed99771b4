// What the admin reads and writes of the catalogue: plans with every stored field.
import './zod-locale.ts';
import { z } from 'zod';
import { planIconSchema } from './catalog.ts';
import { toCents } from './money.ts';

const MAX_PRICE = 1_000_000;

/** A price in reais: a number, not negative, at most two decimals. */
export const priceInputSchema = z
  .number({ error: 'Informe um valor numérico.' })
  .min(0, 'Valores não podem ser negativos')
  .max(MAX_PRICE, 'Valor acima do máximo (R$ 1.000.000,00).')
  .refine((value) => Math.abs(toCents(value) - value * 100) < 1e-6, 'Use no máximo duas casas decimais.');

export const adminPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: planIconSchema.nullable(),
  priceMonthly: z.number(),
  /** Null: derived from the monthly price by the period discount. */
  priceQuarterly: z.number().nullable(),
  priceSemiannual: z.number().nullable(),
  priceAnnual: z.number().nullable(),
  features: z.array(z.string()),
  isPopular: z.boolean(),
  isSpecial: z.boolean(),
  active: z.boolean(),
  displayOrder: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

const planFields = {
  name: z.string({ error: 'Informe o nome do plano.' }).trim().min(1, 'Informe o nome do plano.').max(80, 'Nome muito longo (máximo 80 caracteres).'),
  icon: planIconSchema.nullable(),
  priceMonthly: priceInputSchema.refine((value) => value > 0, 'O preço mensal deve ser maior que zero.'),
  priceQuarterly: priceInputSchema.nullable(),
  priceSemiannual: priceInputSchema.nullable(),
  priceAnnual: priceInputSchema.nullable(),
  features: z
    .array(z.string().trim().min(1, 'Um recurso está vazio.').max(120, 'Recurso muito longo (máximo 120 caracteres).'))
    .max(30, 'No máximo 30 recursos por plano.'),
  isPopular: z.boolean(),
  isSpecial: z.boolean(),
  active: z.boolean(),
  displayOrder: z.number().int('A ordem deve ser um número inteiro.').min(0, 'A ordem não pode ser negativa.').max(10_000, 'Ordem acima do máximo.'),
};

/** A new plan: name and monthly price required; the rest take their defaults when left out. */
export const planCreateSchema = z.strictObject({
  ...planFields,
  icon: planFields.icon.optional(),
  priceQuarterly: planFields.priceQuarterly.optional(),
  priceSemiannual: planFields.priceSemiannual.optional(),
  priceAnnual: planFields.priceAnnual.optional(),
  features: planFields.features.optional(),
  isPopular: planFields.isPopular.optional(),
  isSpecial: planFields.isSpecial.optional(),
  active: planFields.active.optional(),
  displayOrder: planFields.displayOrder.optional(),
});
export type PlanCreate = z.infer<typeof planCreateSchema>;

/** The fields to change; at least one. */
export const planUpdateSchema = z
  .strictObject(planFields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Nada para alterar.');
export type PlanUpdate = z.infer<typeof planUpdateSchema>;

export const PLAN_SORT_KEYS = ['displayOrder', 'name', 'priceMonthly', 'createdAt', 'updatedAt'] as const;
