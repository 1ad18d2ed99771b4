// The recharge back office on the server: providers with their cost tiers, credit purchase orders
// delivered through the signed webhook outbox, saved calculations recomputed with the shared
// pricing rules, and the standard costs.
import { toListEnvelope } from '@vitrine/domain/lists';
import { fromCents } from '@vitrine/domain/money';
import { calculatePricing, type CalculatorInput } from '@vitrine/domain/pricing/calculator';
import { BILLING_PERIODS } from '@vitrine/domain/pricing/periods';
import { resolveStandardCosts, type StandardCosts } from '@vitrine/domain/pricing/standard-costs';
import {
  contactLabel,
  CREDIT_ORDER_MESSAGES,
  creditOrderMessage,
  creditOrderTotals,
  NO_TIER_MESSAGE,
  type CreditOrder,
  type CreditOrderCreate,
  type PricingCalculation,
  type ProviderCostInput,
  type ProviderWithCosts,
} from '@vitrine/domain/recharge';
import type { Database } from '../../db/client.ts';
import { adminWrite, type AdminActor } from '../../shared/audit/audit.ts';
import { badRequest, conflict, notFound } from '../../shared/errors.ts';
import { serializeRow } from '../admin/admin.resource.ts';
import { WebhookTargetError } from '../webhooks/webhooks.errors.ts';
import { enqueueWebhook, resendWebhookDelivery } from '../webhooks/webhooks.usecases.ts';
import { createRechargeRepository, type CalculationRow, type CostRow, type DeliveryRow, type OrderRow } from './recharge.repository.ts';

export interface RechargeDeps {
  db: Database;
  allowPrivateWebhooks: boolean;
  clock?: () => Date;
}

const providerNotFound = () => notFound('recharge.provider_not_found', 'Provedor não encontrado.');
const planTypeRank = (planType: string) => BILLING_PERIODS.indexOf(planType as (typeof BILLING_PERIODS)[number]);

const toCost = (row: CostRow) => ({
  id: row.id,
  planType: row.planType,
  quantity: row.quantity,
  unitCost: row.unitCost,
  totalCost: row.totalCost ?? 0,
});

// ---------------------------------------------------------------- providers and tiers

/** Every provider with its tiers, by plan type (Mensal to Anual) then quantity. */
export async function listProvidersWithCosts({ db }: Pick<RechargeDeps, 'db'>): Promise<ProviderWithCosts[]> {
  const repository = createRechargeRepository(db);
  const [rows, costs] = await Promise.all([repository.listProviders(), repository.listCosts()]);
  const byProvider = new Map<string, CostRow[]>();
  for (const cost of costs) byProvider.set(cost.providerId, [...(byProvider.get(cost.providerId) ?? []), cost]);
  return rows.map((row) => ({
    ...(serializeRow(row) as Omit<ProviderWithCosts, 'costs'>),
    costs: (byProvider.get(row.id) ?? []).toSorted((a, b) => planTypeRank(a.planType) - planTypeRank(b.planType) || a.quantity - b.quantity).map(toCost),
  }));
}

/** Adds the tier of a plan type and quantity, or replaces its unit cost; audited. */
export async function putProviderCost({ db }: Pick<RechargeDeps, 'db'>, actor: AdminActor, providerId: string, input: ProviderCostInput) {
  const result = await adminWrite(db, actor, { action: 'update', resource: 'provider-costs' }, async (tx) => {
    const repository = createRechargeRepository(tx);
    if (!(await repository.lockProvider(providerId))) return null;
    const { before, row } = await repository.putCost(providerId, input);
    return { recordId: row.id, before: before ? { providerId, ...toCost(before) } : null, after: { providerId, ...toCost(row) } };
  });
  if (!result) throw providerNotFound();
  return result.after;
}

export async function removeProviderCost({ db }: Pick<RechargeDeps, 'db'>, actor: AdminActor, providerId: string, costId: string) {
  const result = await adminWrite(db, actor, { action: 'delete', resource: 'provider-costs' }, async (tx) => {
    const row = await createRechargeRepository(tx).deleteCost(providerId, costId);
    return row ? { recordId: row.id, before: { providerId, ...toCost(row) }, after: null } : null;
  });
  if (!result) throw notFound('recharge.cost_not_found', 'Faixa de custo não encontrada.');
}

// ---------------------------------------------------------------- standard costs

export async function readStandardCosts({ db }: Pick<RechargeDeps, 'db'>): Promise<StandardCosts> {
  return resolveStandardCosts(await createRechargeRepository(db).readStandardCosts());
}

/** Saves the standard costs (already clamped by their schema) in the site configuration; audited. */
export async function saveStandardCosts({ db }: Pick<RechargeDeps, 'db'>, actor: AdminActor, costs: StandardCosts): Promise<StandardCosts> {
  await adminWrite(db, actor, { action: 'update', resource: 'site-config' }, async (tx) => {
    const { current, row } = await createRechargeRepository(tx).saveStandardCosts(costs);
    return { recordId: row.id, before: current ? serializeRow(current) : null, after: serializeRow(row) };
  });
  return resolveStandardCosts(costs);
}

// ---------------------------------------------------------------- saved calculations

const toCalculation = (row: CalculationRow): PricingCalculation => serializeRow(row) as unknown as PricingCalculation;

/** Recomputes the calculation with the provider's tiers as stored now, then keeps it. */
export async function saveCalculation({ db }: Pick<RechargeDeps, 'db'>, actor: AdminActor, input: CalculatorInput): Promise<PricingCalculation> {
  const repository = createRechargeRepository(db);
  if (!(await repository.providerExists(input.providerId))) throw providerNotFound();
  const tiers = await repository.providerTiers(input.providerId);
  const result = calculatePricing(input, tiers);
  if (!result) throw badRequest('recharge.no_tier', NO_TIER_MESSAGE);
  return toCalculation(await repository.insertCalculation({ ...input, result, createdBy: actor.email }));
}

export async function listCalculations({ db }: Pick<RechargeDeps, 'db'>, query: { providerId: string; page: number; pageSize: number }) {
  const { rows, total } = await createRechargeRepository(db).listCalculations(query);
  return toListEnvelope(rows.map(toCalculation), total, query);
}

// ---------------------------------------------------------------- credit purchase orders

const toOrder = (row: OrderRow, delivery: DeliveryRow | undefined): CreditOrder => ({
  id: row.id,
  contact: row.contact,
  message: row.message,
  items: row.items,
  total: row.total,
  webhookUrl: row.webhookUrl,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  delivery: delivery
    ? {
        id: delivery.id,
        status: delivery.status,
        attempts: delivery.attempts,
        lastStatusCode: delivery.lastStatusCode,
        lastError: delivery.lastError,
        updatedAt: delivery.updatedAt.toISOString(),
      }
    : null,
});

async function deliveriesOf(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, DeliveryRow>();
  const rows = await createRechargeRepository(db).orderDeliveries(orderIds);
  // An order has one delivery (re-sends reuse it); the latest wins should there ever be more.
  return new Map(rows.map((row) => [row.sourceId!, row]));
}

/**
 * Stores the order and queues its signed delivery in one transaction: a URL the server will never
 * send to refuses the whole order, and nothing is stored.
 */
/** The order; `webhookSecret` when this order created the endpoint of its URL (its first secret, shown once). */
export async function createCreditOrder(deps: RechargeDeps, actor: AdminActor, input: CreditOrderCreate): Promise<CreditOrder & { webhookSecret?: string }> {
  const { db } = deps;
  const contact = await createRechargeRepository(db).findActiveContact(input.contactId);
  if (!contact) throw badRequest('recharge.contact_required', CREDIT_ORDER_MESSAGES.contactRequired);
  const { items, totalCents } = creditOrderTotals(input.items);
  const contactText = contactLabel(contact);
  const message = creditOrderMessage(contactText, items, totalCents);
  const timestamp = (deps.clock ?? (() => new Date()))().toISOString();
  try {
    const order = await adminWrite(db, actor, { action: 'create', resource: 'credit-orders' }, async (tx) => {
      const row = await createRechargeRepository(tx).insertOrder({
        contact: contactText,
        message,
        items,
        total: fromCents(totalCents),
        webhookUrl: input.webhookUrl,
        createdBy: actor.email,
      });
      const queued = await enqueueWebhook(
        tx,
        {
          endpointUrl: input.webhookUrl,
          event: 'credit_order.created',
          source: 'credit_order',
          sourceId: row.id,
          payload: { contact: contactText, message, timestamp, type: 'credit_purchase_order' },
        },
        { allowPrivate: deps.allowPrivateWebhooks },
      );
      return { recordId: row.id, before: null, after: serializeRow(row), webhookSecret: queued.newEndpointSecret };
    });
    const created = (await findCreditOrder(db, order!.recordId))!;
    return order!.webhookSecret === undefined ? created : { ...created, webhookSecret: order!.webhookSecret };
  } catch (error) {
    if (error instanceof WebhookTargetError) {
      throw badRequest('recharge.webhook_refused', CREDIT_ORDER_MESSAGES.sendFailed, { reason: error.message });
    }
    throw error;
  }
}

export async function findCreditOrder(db: Database, id: string): Promise<CreditOrder | null> {
  const row = await createRechargeRepository(db).findOrder(id);
  if (!row) return null;
  return toOrder(row, (await deliveriesOf(db, [id])).get(id));
}

export async function listCreditOrders({ db }: Pick<RechargeDeps, 'db'>, page: { page: number; pageSize: number }) {
  const { rows, total } = await createRechargeRepository(db).listOrders(page);
  const deliveries = await deliveriesOf(
    db,
    rows.map((row) => row.id),
  );
  return toListEnvelope(
    rows.map((row) => toOrder(row, deliveries.get(row.id))),
    total,
    page,
  );
}

/** Sends an order whose delivery finished (delivered or failed) again: the same message, new attempts. */
export async function resendCreditOrder({ db }: Pick<RechargeDeps, 'db'>, actor: AdminActor, id: string): Promise<CreditOrder> {
  const order = await findCreditOrder(db, id);
  if (!order) throw notFound('recharge.order_not_found', 'Pedido não encontrado.');
  if (!order.delivery) throw conflict('recharge.order_without_delivery', 'Este pedido não tem entrega para reenviar.');
  await resendWebhookDelivery(db, order.delivery.id);
  await adminWrite(db, actor, { action: 'update', resource: 'credit-orders' }, async () => ({
    recordId: id,
    before: { delivery: order.delivery },
    after: { delivery: { ...order.delivery, status: 'pending' } },
  }));
  return (await findCreditOrder(db, id))!;
}
