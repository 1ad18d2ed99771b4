// What the admin reads and writes of reseller plans.
import './zod-locale.ts';
import { z } from 'zod';
import { priceInputSchema, stringList, text, writeSchemas } from './catalog-admin.ts';
import { RESELLER_PLAN_TYPES } from './resellers.ts';

export const MODALIDADES_PLANO = ['single', 'soccer', 'unitv_android', 'unitv_tv', 'premium', 'pre_pago', 'pos_pago'] as const;
export const BILLING_PERIODS_NEW = ['mensal', 'trimestral', 'semestral', 'anual'] as const;
export const RESELLER_PLAN_REQUIRED = 'Nome, descrição e modalidade são obrigatórios';
export const CREDITS_RANGE = 'Os créditos vão de 1 a 1.000.';

const resellerPlanFields = {
  name: text('o nome', 80).min(1, RESELLER_PLAN_REQUIRED),
  type: z.enum(RESELLER_PLAN_TYPES, { error: 'Tipo de plano inválido.' }),
  description: text('a descrição', 2000).min(1, RESELLER_PLAN_REQUIRED),
  credits: z.number({ error: 'Informe os créditos.' }).int('Use um número inteiro.').min(0, 'Valores não podem ser negativos').max(1000, CREDITS_RANGE),
  price: priceInputSchema,
  features: stringList(30),
  modalidadePlano: z.enum(MODALIDADES_PLANO, { error: RESELLER_PLAN_REQUIRED }),
  qtdAcessosSimultaneos: z.number().int('Use um número inteiro.').min(1, 'Pelo menos 1 acesso simultâneo.').max(100, 'No máximo 100 acessos simultâneos.'),
  duracaoCreditos: z.number().int('Use um número inteiro.').min(1, 'A duração é de pelo menos 1 dia.').max(3650, 'Duração acima do máximo.'),
  custoPorRevenda: priceInputSchema.nullable(),
  pricePerCredit: priceInputSchema.nullable(),
  minimumMonthly: priceInputSchema.nullable(),
  billingPeriodNew: z.enum(BILLING_PERIODS_NEW, { error: 'Período de cobrança inválido.' }).nullable(),
  isActive: z.boolean(),
};
const { create, update } = writeSchemas(resellerPlanFields, ['name', 'description', 'modalidadePlano']);
/** A prepaid plan sells credits: from 1 to 1000. */
export const resellerPlanCreateSchema = create.refine((plan) => (plan.type ?? 'prepaid') !== 'prepaid' || (plan.credits ?? 0) >= 1, {
  message: CREDITS_RANGE,
  path: ['credits'],
});
export const resellerPlanUpdateSchema = update;

export const adminResellerPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(RESELLER_PLAN_TYPES),
  description: z.string(),
  credits: z.number(),
  price: z.number(),
  features: z.array(z.string()),
  modalidadePlano: z.enum(MODALIDADES_PLANO).nullable(),
  qtdAcessosSimultaneos: z.number(),
  duracaoCreditos: z.number(),
  custoPorRevenda: z.number().nullable(),
  pricePerCredit: z.number().nullable(),
  minimumMonthly: z.number().nullable(),
  billingPeriodNew: z.enum(BILLING_PERIODS_NEW).nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminResellerPlan = z.infer<typeof adminResellerPlanSchema>;
export const RESELLER_PLAN_SORT_KEYS = ['createdAt', 'name', 'price', 'credits', 'updatedAt'] as const;
