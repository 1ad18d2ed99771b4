// Reseller offers (/streaming): contracts and the credit price tables.
import './zod-locale.ts';
import { z } from 'zod';
import { multiplyMoney } from './money.ts';
import { RESELLER_PLAN_TYPES } from './reseller-prices.ts';

export * from './reseller-prices.ts';

export const resellerPlanTypeSchema = z.enum(RESELLER_PLAN_TYPES);

// ---------------------------------------------------------------- credits

/** Monthly plans: credits per month for a fixed monthly price. */
export const MONTHLY_RESELLER_PLANS = [
  { credits: 50, price: 120, note: 'Para iniciantes' },
  { credits: 100, price: 180 },
  { credits: 150, price: 240 },
  { credits: 200, price: 300, note: 'Inclui um app próprio' },
] as const;

/** Active-user plans: a price per active client and a monthly minimum. */
export const ACTIVE_USER_PLANS = [
  { credits: 5, pricePerCredit: 7, minimumMonthly: 35 },
  { credits: 10, pricePerCredit: 6.5, minimumMonthly: 65 },
  { credits: 20, pricePerCredit: 6, minimumMonthly: 120 },
] as const;

// ---------------------------------------------------------------- reseller plans

export const publicResellerPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: resellerPlanTypeSchema,
  description: z.string(),
  credits: z.number().int(),
  price: z.number(),
  pricePerCredit: z.number().nullable(),
  minimumMonthly: z.number().nullable(),
  features: z.array(z.string()),
});
export type PublicResellerPlan = z.infer<typeof publicResellerPlanSchema>;
export const publicResellerPlanListSchema = z.array(publicResellerPlanSchema);

export const resellerPlanListQuerySchema = z.object({ type: resellerPlanTypeSchema.optional() });
export type ResellerPlanListQuery = z.infer<typeof resellerPlanListQuerySchema>;

// ---------------------------------------------------------------- server cards

/** supplier_pricing rows whose category reads 'Planos {product}' are shown as server cards. */
export const SERVER_CATEGORY_PREFIX = 'Planos ';

/** The product of a server category ('Planos UniTV' → 'UniTV'), or null for other categories. */
export function serverProduct(category: string): string | null {
  if (!category.startsWith(SERVER_CATEGORY_PREFIX)) return null;
  const product = category.slice(SERVER_CATEGORY_PREFIX.length).trim();
  return product || null;
}

/** The server total is qtd_creditos × cost_per_credit, exact, rounded half-up to cents. */
export const serverTotal = (qtdCreditos: number, costPerCredit: number) => multiplyMoney(qtdCreditos, costPerCredit);

export const SERVER_BADGES = ['Pré-pago', 'Pós-pago', 'Clientes Ativos', 'Mensalista', 'Padrão'] as const;
export const serverBadgeSchema = z.enum(SERVER_BADGES);
export type ServerBadge = z.infer<typeof serverBadgeSchema>;

export interface ServerBadgeFlags {
  prePago: boolean;
  posPago: boolean;
  clientesAtivos: boolean;
  mensalista: boolean;
}

/** The first flag set, in this order, names the badge. */
export function serverBadge(flags: ServerBadgeFlags): ServerBadge {
  if (flags.prePago) return 'Pré-pago';
  if (flags.posPago) return 'Pós-pago';
  if (flags.clientesAtivos) return 'Clientes Ativos';
  if (flags.mensalista) return 'Mensalista';
  return 'Padrão';
}

/** A server card; supplier credentials and panel addresses are never part of it. */
export const serverCardSchema = z.object({
  id: z.string(),
  product: z.string(),
  category: z.string(),
  supplier: z.string(),
  server: z.string(),
  costPerCredit: z.number(),
  qtdCreditos: z.number().int(),
  total: z.number(),
  minimumPurchase: z.number(),
  badge: serverBadgeSchema,
});
export type ServerCard = z.infer<typeof serverCardSchema>;
export const serverCardListSchema = z.array(serverCardSchema);
