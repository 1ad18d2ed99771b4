// Customers who come back: recognising a customer by contact, what a paid payment leaves (a delivery, and
// for a plan a new or extended subscription), delivering a purchase (A entregar), the Minha assinatura
// links and page, and 'Renovar com PIX'.
import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import {
  formatIsoDate,
  nextTerm,
  periodMonths,
  periodOfMonths,
  saoPauloToday,
  subscriptionStatus,
  type AdminDelivery,
  type ContactCapture,
  type IsoDate,
  type MySubscription,
  type RenewalCharge,
  type SubscriptionView,
} from '@vitrine/domain/customers';
import { roundMoney } from '@vitrine/domain/money';
import { buildPixPayload, PixError, pixTxid } from '@vitrine/domain/pix';
import { PERIOD_LABELS, resolvePeriodPricing, type BillingPeriod } from '@vitrine/domain/pricing/periods';
import type { Database, DbExecutor } from '../../db/client.ts';
import { adminWrite, type AdminActor } from '../../shared/audit/audit.ts';
import { enqueueEmail } from '../../shared/jobs/email.job.ts';
import type { ShopPix } from '../../shared/shop-pix.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { currentStatus, prepareCharge, recordPayment, type PaymentsDeps } from '../payments/payments.usecases.ts';
import { customerErrors } from './customers.errors.ts';
import {
  createCustomersRepository,
  type AccessLinkRow,
  type CustomerRow,
  type DeliveryRow,
  type PaymentRecord,
  type SubscriptionRow,
} from './customers.repository.ts';

export interface CustomersDeps {
  db: Database;
  clock: () => Date;
  /** Where the links point: PUBLIC_URL's origin. */
  publicOrigin: string;
  /** The shop's PIX now (null: not configured). */
  shopPix: () => Promise<ShopPix | null>;
  /** Charges at the PSP for 'Renovar com PIX'. */
  payments: Pick<PaymentsDeps, 'psp' | 'clock' | 'logger' | 'expirySeconds'>;
  /** Where the customer's chat files are (an erasure deletes them). */
  storage: Pick<FileStorage, 'delete'>;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** A delivery told in a conversation, in its transaction: on WhatsApp it is sent to the number too. */
  onDelivered?: (tx: DbExecutor, delivery: { conversationId: string; text: string }) => Promise<void>;
}

const DAY_MS = 24 * 60 * 60_000;
/** How long a Minha assinatura link opens the page (at least until a week after the end day it is about). */
export const ACCESS_LINK_DAYS = 30;

// ---------------------------------------------------------------- who the customer is

/**
 * The customer with this contact: a returning one (same WhatsApp or e-mail) is found and completed with
 * what was new (the name given now, a contact they did not have), never created twice.
 */
export async function identifyCustomer(tx: DbExecutor, contact: ContactCapture): Promise<CustomerRow> {
  const repository = createCustomersRepository(tx);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const found = await repository.findByContact(contact);
    // A WhatsApp names a person more surely than an e-mail (shared inboxes): it wins when both match different customers.
    const existing = found.find((row) => contact.whatsapp && row.whatsapp === contact.whatsapp) ?? found[0];
    if (existing) {
      const taken = (field: 'whatsapp' | 'email') => found.some((row) => row.id !== existing.id && row[field] === contact[field]);
      const update: Partial<Pick<CustomerRow, 'name' | 'whatsapp' | 'email'>> = {};
      if (contact.name !== existing.name) update.name = contact.name;
      if (contact.whatsapp && !existing.whatsapp && !taken('whatsapp')) update.whatsapp = contact.whatsapp;
      if (contact.email && !existing.email && !taken('email')) update.email = contact.email;
      if (Object.keys(update).length) await repository.update(existing.id, update);
      return { ...existing, ...update };
    }
    const created = await repository.insert({ name: contact.name, whatsapp: contact.whatsapp ?? null, email: contact.email ?? null });
    if (created) return created;
    // Someone else took the contact between the look and the insert: look again.
  }
  throw new Error('cliente não identificado: o contato mudou três vezes durante a busca');
}

// ---------------------------------------------------------------- links

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 32 random bytes; always with a letter and a digit, so the log redaction recognises it as a token anywhere. */
function newToken(): string {
  for (;;) {
    const token = randomBytes(32).toString('base64url');
    if (/\d/.test(token) && /[A-Za-z]/.test(token)) return token;
  }
}

export const accessLinkUrl = (publicOrigin: string, token: string) => `${publicOrigin}/minha-assinatura?t=${token}`;

type LinkCreator = 'admin' | 'reminder' | 'delivery';

/** A link's row (with the token's hash only) and its URL, not stored yet. */
export function newAccessLink(
  { publicOrigin, now }: { publicOrigin: string; now: Date },
  subscription: Pick<SubscriptionRow, 'id' | 'customerId' | 'endsOn'>,
  createdBy: LinkCreator,
) {
  const token = newToken();
  const endsOn = Date.parse(`${subscription.endsOn}T23:59:59-03:00`);
  const expiresAt = new Date(Math.max(now.getTime() + ACCESS_LINK_DAYS * DAY_MS, endsOn + 7 * DAY_MS));
  return {
    values: { subscriptionId: subscription.id, customerId: subscription.customerId, tokenHash: hashToken(token), expiresAt, createdBy },
    url: accessLinkUrl(publicOrigin, token),
  };
}

/** A new Minha assinatura link for a subscription: the token goes in the URL answered once; the row keeps its hash. */
export async function createAccessLink(
  tx: DbExecutor,
  at: { publicOrigin: string; now: Date },
  subscription: Pick<SubscriptionRow, 'id' | 'customerId' | 'endsOn'>,
  createdBy: LinkCreator,
): Promise<{ row: AccessLinkRow; url: string }> {
  const link = newAccessLink(at, subscription, createdBy);
  return { row: await createCustomersRepository(tx).insertLink(link.values), url: link.url };
}

/** The subscription and customer a token opens: unknown or revoked → 404, expired → 410. */
async function openLink(deps: Pick<CustomersDeps, 'db' | 'clock'>, token: string) {
  const repository = createCustomersRepository(deps.db);
  const link = await repository.linkByHash(hashToken(token));
  if (!link || link.revokedAt) throw customerErrors.linkNotFound();
  if (link.expiresAt.getTime() <= deps.clock().getTime()) throw customerErrors.linkExpired();
  const [subscription, customer] = await Promise.all([repository.findSubscription(link.subscriptionId), repository.find(link.customerId)]);
  if (!subscription || !customer || customer.erasedAt) throw customerErrors.linkNotFound();
  return { link, subscription, customer };
}

// ---------------------------------------------------------------- views

export function toSubscriptionView(row: SubscriptionRow, today: IsoDate): SubscriptionView {
  return {
    id: row.id,
    planId: row.planId,
    planName: row.planName,
    period: periodOfMonths(row.months) ?? 'monthly',
    months: row.months,
    price: roundMoney(row.price),
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    status: subscriptionStatus(row, today),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

export function toAdminDelivery(row: { delivery: DeliveryRow; payment: PaymentRecord; customer: CustomerRow | null }): AdminDelivery {
  const { delivery, payment, customer } = row;
  return {
    id: delivery.id,
    status: delivery.status,
    paymentId: payment.id,
    kind: payment.kind,
    itemName: payment.itemName,
    amount: roundMoney(payment.amount),
    paidAt: payment.paidAt?.toISOString() ?? null,
    customerId: delivery.customerId,
    customerName: customer?.name ?? null,
    customerHasEmail: Boolean(customer?.email),
    customerEmail: customer?.email ?? null,
    customerWhatsapp: customer?.whatsapp ?? null,
    conversationId: payment.conversationId,
    text: delivery.status === 'delivered' ? delivery.text : null,
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    deliveredBy: delivery.deliveredBy,
    createdAt: delivery.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------- a paid payment

/** 'Plano Premium — Anual' → 'Premium': the plan's name when its row is gone. */
const planNameOf = (itemName: string) => itemName.replace(/^Plano\s+/, '').replace(/\s+—.*$/, '');

/**
 * What a paid payment leaves, in the transaction that marks it paid: its delivery (A entregar), and for a
 * plan the customer's subscription, created or extended by the term paid (from its end when it still runs,
 * from the day paid when it had ended). Runs once per payment: the caller only calls it for the update that
 * made the payment paid, and a term already recorded for the payment stops a second one.
 */
export async function recordPaidPurchase(tx: DbExecutor, payment: PaymentRecord, now: Date): Promise<void> {
  const repository = createCustomersRepository(tx);
  await repository.insertDelivery({ paymentId: payment.id, customerId: payment.customerId });
  if (payment.kind !== 'plan' || !payment.customerId) return;
  const customer = await repository.lock(payment.customerId);
  if (!customer || (await repository.termOfPayment(payment.id))) return;

  let bought: { planId: string | null; months: number; planName: string } | null = null;
  let renewing: SubscriptionRow | null = null;
  if (payment.subscriptionId) {
    renewing = await repository.findSubscription(payment.subscriptionId);
    if (renewing) bought = { planId: renewing.planId, months: renewing.months, planName: renewing.planName };
  } else if (payment.paymentIntentId) {
    const intent = await repository.planOfIntent(payment.paymentIntentId);
    if (intent?.period) {
      bought = { planId: intent.planId, months: periodMonths(intent.period as BillingPeriod), planName: intent.planName ?? planNameOf(payment.itemName) };
    }
  }
  if (!bought) return;
  if (bought.planId) {
    const plan = await repository.plan(bought.planId);
    if (plan) bought.planName = plan.name;
  }

  const today = saoPauloToday(payment.paidAt ?? now);
  const current = renewing && !renewing.cancelledAt ? renewing : bought.planId ? await repository.runningOfPlan(customer.id, bought.planId) : null;
  const term = nextTerm({ today, months: bought.months, current });
  const values = { ...term, months: bought.months, price: payment.amount, planName: bought.planName };
  const subscription = current
    ? await repository.extendSubscription(current.id, values)
    : await repository.insertSubscription({ customerId: customer.id, planId: bought.planId, ...values });
  await repository.insertTerm({
    subscriptionId: subscription.id,
    paymentId: payment.id,
    startsOn: term.startsOn,
    endsOn: term.endsOn,
    kind: !current ? 'new' : current.endsOn >= today ? 'renewal' : 'restart',
  });
  await repository.setPaymentSubscription(payment.id, subscription.id);
}

// ---------------------------------------------------------------- A entregar

export async function listDeliveries(deps: Pick<CustomersDeps, 'db'>, query: { status: 'pending' | 'delivered'; page: number; pageSize: number }) {
  const { rows, total } = await createCustomersRepository(deps.db).listDeliveries(query.status, query.pageSize, (query.page - 1) * query.pageSize);
  return { items: rows.map(toAdminDelivery), total, page: query.page, pageSize: query.pageSize };
}

/**
 * 'Marcar como entregue': the text is stored (never logged), told in the customer's conversation as the
 * assistant's message, and e-mailed when the customer gave an e-mail (with a Minha assinatura link for a
 * plan). Audited without the text, which may hold access data.
 */
export async function deliver(deps: CustomersDeps, actor: AdminActor, id: string, text: string): Promise<AdminDelivery> {
  const found = await createCustomersRepository(deps.db).findDelivery(id);
  if (!found) throw customerErrors.deliveryNotFound();
  if (found.delivery.status === 'delivered') throw customerErrors.alreadyDelivered();
  const now = deps.clock();
  const { payment, customer } = found;
  const result = await adminWrite(deps.db, actor, { action: 'update', resource: 'deliveries' }, async (tx) => {
    const repository = createCustomersRepository(tx);
    const row = await repository.markDelivered(id, { text, deliveredBy: actor.email, deliveredAt: now });
    if (!row) return null;
    const conversationId = payment.conversationId ?? (customer && !customer.erasedAt ? await repository.latestConversation(customer.id) : null);
    if (conversationId) {
      await repository.appendAssistantMessage(conversationId, text, now);
      await deps.onDelivered?.(tx, { conversationId, text });
    }
    let emailed = false;
    if (customer?.email && !customer.erasedAt) {
      const current = await repository.findPayment(payment.id);
      const subscription = current?.subscriptionId ? await repository.findSubscription(current.subscriptionId) : null;
      const link =
        subscription && !subscription.cancelledAt ? await createAccessLink(tx, { publicOrigin: deps.publicOrigin, now }, subscription, 'delivery') : null;
      await enqueueEmail(tx, {
        to: customer.email,
        subject: `Seu acesso: ${payment.itemName}`,
        text: [
          `Olá, ${customer.name ?? ''}!`.replace(' !', '!'),
          '',
          `Sua compra (${payment.itemName}) foi entregue:`,
          '',
          text,
          ...(link ? ['', `Acompanhe sua assinatura e renove com PIX em Minha assinatura (vence em ${formatIsoDate(subscription!.endsOn)}):`, link.url] : []),
        ].join('\n'),
        personal: true,
      });
      emailed = true;
    }
    return {
      recordId: id,
      before: { status: 'pending', itemName: payment.itemName },
      after: { status: 'delivered', itemName: payment.itemName, deliveredAt: now.toISOString(), conversationId, emailed },
      row,
    };
  });
  if (!result) throw customerErrors.alreadyDelivered();
  return toAdminDelivery({ delivery: result.row, payment, customer });
}

// ---------------------------------------------------------------- Minha assinatura

/** What the link's customer sees: the subscription, the renewal's price today, deliveries and payments. */
export async function readMySubscription(deps: Pick<CustomersDeps, 'db' | 'clock'>, token: string): Promise<MySubscription> {
  const { link, subscription, customer } = await openLink(deps, token);
  const repository = createCustomersRepository(deps.db);
  const now = deps.clock();
  const [renewal, delivered, paid] = await Promise.all([
    renewalPrice(deps, subscription),
    repository.deliveredTo(customer.id, 50),
    repository.paymentsOf(customer.id, 50),
  ]);
  return {
    customerName: customer.name ?? '',
    subscription: toSubscriptionView(subscription, saoPauloToday(now)),
    renewal: renewal && { amount: renewal.amount, title: renewal.title },
    deliveries: delivered.map(({ delivery, itemName }) => ({
      id: delivery.id,
      itemName,
      text: delivery.text ?? '',
      deliveredAt: delivery.deliveredAt!.toISOString(),
    })),
    payments: paid.map((payment) => ({
      id: payment.id,
      itemName: payment.itemName,
      amount: roundMoney(payment.amount),
      status: currentStatus(payment, now),
      createdAt: payment.createdAt.toISOString(),
      paidAt: payment.paidAt?.toISOString() ?? null,
    })),
    linkExpiresAt: link.expiresAt.toISOString(),
  };
}

/** The same plan and period at today's price, or null when the plan is no longer sold (or was cancelled). */
async function renewalPrice(deps: Pick<CustomersDeps, 'db'>, subscription: SubscriptionRow) {
  if (subscription.cancelledAt || !subscription.planId) return null;
  const plan = await createCustomersRepository(deps.db).plan(subscription.planId);
  const period = periodOfMonths(subscription.months);
  if (!plan || !plan.active || !period) return null;
  const pricing = resolvePeriodPricing({
    monthly: plan.priceMonthly,
    quarterly: plan.priceQuarterly,
    semiannual: plan.priceSemiannual,
    annual: plan.priceAnnual,
  });
  return { amount: pricing[period], title: `Plano ${plan.name} — ${PERIOD_LABELS[period]}`, plan };
}

/**
 * 'Renovar com PIX': a charge for the same plan and period at today's price (at the PSP when there is one,
 * else the shop's static BR Code, confirmed by hand in Pagamentos). Asked again while it is still payable,
 * the same charge is answered. Once paid, the subscription goes on from its end day.
 */
export async function renewMySubscription(deps: CustomersDeps, token: string): Promise<RenewalCharge> {
  const { subscription, customer } = await openLink(deps, token);
  if (subscription.cancelledAt) throw customerErrors.subscriptionCancelled();
  const renewal = await renewalPrice(deps, subscription);
  if (!renewal) throw customerErrors.planUnavailable();
  const now = deps.clock();
  const toCharge = (row: PaymentRecord): RenewalCharge => ({
    paymentId: row.id,
    amount: roundMoney(row.amount),
    title: row.itemName,
    brCode: row.brCode,
    location: row.location,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    provider: row.provider,
  });
  const open = await createCustomersRepository(deps.db).openRenewalCharge(subscription.id, renewal.amount, now);
  if (open) return toCharge(open);
  const pix = await deps.shopPix();
  if (!pix) throw customerErrors.pixNotConfigured();
  // The PSP's call is made before the transaction, as the chat's (decision 0014); its txid names the subscription.
  const charge = await prepareCharge(deps.payments, { conversationId: subscription.id, amount: renewal.amount, title: renewal.title, key: pix.key });
  const txid = charge?.txid ?? pixTxid(subscription.id.replaceAll('-', ''));
  let brCode: string;
  try {
    brCode =
      charge?.brCode ?? buildPixPayload({ key: pix.key, recipient: pix.recipient, city: pix.city, amount: renewal.amount, description: renewal.title, txid });
  } catch (error) {
    if (error instanceof PixError) throw customerErrors.pixNotConfigured();
    throw error;
  }
  const row = await deps.db.transaction((tx) =>
    recordPayment(
      tx,
      {
        paymentIntentId: null,
        conversationId: null,
        kind: 'plan',
        itemName: renewal.title,
        amount: renewal.amount,
        txid,
        brCode,
        customerId: customer.id,
        subscriptionId: subscription.id,
      },
      charge,
    ),
  );
  return toCharge(row);
}
