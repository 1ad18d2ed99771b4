// Reseller offers and the pricing back office: plans, supplier rows, providers, costs, calculations, credit orders.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CreditOrderItem } from '@vitrine/domain/recharge';
import { createdAt, id, money, updatedAt } from '../../db/columns.ts';

export const resellerPlans = pgTable('reseller_plans', {
  id: id(),
  name: text('name').notNull(),
  type: text('type', { enum: ['prepaid', 'monthly', 'active_users'] })
    .notNull()
    .default('prepaid'),
  description: text('description').notNull().default(''),
  credits: integer('credits').notNull().default(0),
  price: money('price').notNull().default(0),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  modalidadePlano: text('modalidade_plano', {
    enum: ['single', 'soccer', 'unitv_android', 'unitv_tv', 'premium', 'pre_pago', 'pos_pago'],
  }),
  qtdAcessosSimultaneos: integer('qtd_acessos_simultaneos').notNull().default(1),
  duracaoCreditos: integer('duracao_creditos').notNull().default(30),
  custoPorRevenda: money('custo_por_revenda'),
  // Price per credit for active-user plans, and the monthly minimum they bill.
  pricePerCredit: money('price_per_credit'),
  minimumMonthly: money('minimum_monthly'),
  billingPeriodNew: text('billing_period_new', { enum: ['mensal', 'trimestral', 'semestral', 'anual'] }),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const supplierPricing = pgTable('supplier_pricing', {
  id: id(),
  category: text('category').notNull(),
  supplier: text('supplier').notNull(),
  server: text('server').notNull(),
  minimumPurchase: money('minimum_purchase').notNull().default(0),
  costPerCredit: money('cost_per_credit').notNull().default(0),
  username: text('username').notNull(),
  panel: text('panel').notNull(),
  clientPanel: text('client_panel').notNull(),
  prePago: boolean('pre_pago').notNull().default(false),
  posPago: boolean('pos_pago').notNull().default(false),
  clientesAtivos: boolean('clientes_ativos').notNull().default(false),
  mensalista: boolean('mensalista').notNull().default(false),
  qtdCreditos: integer('qtd_creditos').notNull().default(0),
  custoMedioCreditos: money('custo_medio_creditos'),
  pagamentoMinimo: money('pagamento_minimo'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const providers = pgTable('providers', {
  id: id(),
  name: text('name').notNull(),
  supplierName: text('supplier_name'),
  description: text('description'),
  phone: text('phone'),
  email: text('email'),
  providerUsername: text('provider_username'),
  defaultUnitCost: money('default_unit_cost'),
  logoUrl: text('logo_url'),
  documentUrl: text('document_url'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const providerCosts = pgTable(
  'provider_costs',
  {
    id: id(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    planType: text('plan_type', { enum: ['monthly', 'quarterly', 'semiannual', 'annual'] }).notNull(),
    quantity: integer('quantity').notNull(),
    unitCost: numeric('unit_cost', { precision: 12, scale: 4, mode: 'number' }).notNull(),
    // Defaults to quantity × unit_cost.
    totalCost: money('total_cost').generatedAlwaysAs(sql`round(quantity * unit_cost, 2)`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('provider_costs_tier_key').on(t.providerId, t.planType, t.quantity)],
);

export const discountRates = pgTable('discount_rates', {
  id: id(),
  name: text('name').notNull(),
  percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const pricingCalculations = pgTable(
  'pricing_calculations',
  {
    id: id(),
    providerId: uuid('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    planType: text('plan_type', { enum: ['monthly', 'quarterly', 'semiannual', 'annual'] }).notNull(),
    quantity: integer('quantity').notNull(),
    sellPrice: money('sell_price').notNull(),
    discount: numeric('discount', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    fixedCosts: money('fixed_costs').notNull().default(0),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('pricing_calculations_provider_idx').on(t.providerId, t.createdAt)],
);

// The people credit orders are addressed to, kept by the admin.
export const rechargeContacts = pgTable('recharge_contacts', {
  id: id(),
  name: text('name').notNull(),
  phone: text('phone'),
  notes: text('notes'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const creditOrders = pgTable('credit_orders', {
  id: id(),
  contact: text('contact').notNull(),
  message: text('message').notNull(),
  items: jsonb('items').$type<CreditOrderItem[]>().notNull(),
  total: money('total').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  // Delivery status, attempts and errors live on the webhook delivery (source 'credit_order').
  createdBy: text('created_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
