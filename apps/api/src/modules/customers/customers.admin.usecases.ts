// Clientes: the list (search, filters, pages), the figures a shop watches, one customer with their
// subscriptions and open links, the timeline, the CSV export, and LGPD (export everything, erase). Every
// write and every export is audited in its own transaction.
import {
  formatBrazilianPhone,
  formatIsoDate,
  saoPauloToday,
  SUBSCRIPTION_STATUS_LABELS,
  type AccessLink,
  type AdminCustomer,
  type AdminCustomerDetail,
  type CustomerExport,
  type CustomerFigures,
  type CustomerFilter,
  type IsoDate,
  type SubscriptionView,
  type TimelineEntry,
  type TimelineType,
} from '@vitrine/domain/customers';
import { pageOffset, toListEnvelope } from '@vitrine/domain/lists';
import { roundMoney } from '@vitrine/domain/money';
import { PERIOD_LABELS } from '@vitrine/domain/pricing/periods';
import { adminWrite, recordAudit, type AdminActor } from '../../shared/audit/audit.ts';
import { toCsv } from '../../shared/csv.ts';
import { currentStatus } from '../payments/payments.usecases.ts';
import { customerErrors } from './customers.errors.ts';
import { createCustomersRepository, type AccessLinkRow, type CustomerRow, type SubscriptionRow } from './customers.repository.ts';
import { createAccessLink, toSubscriptionView, type CustomersDeps } from './customers.usecases.ts';

type Deps = Pick<CustomersDeps, 'db' | 'clock'>;

const today = (deps: Deps) => saoPauloToday(deps.clock());

/** The subscription a list row shows: the running one that ends last, else the latest of the others. */
function headline(rows: SubscriptionRow[], day: IsoDate): SubscriptionView | null {
  const ordered = [...rows].sort((a, b) => Number(Boolean(a.cancelledAt)) - Number(Boolean(b.cancelledAt)) || b.endsOn.localeCompare(a.endsOn));
  return ordered[0] ? toSubscriptionView(ordered[0], day) : null;
}

const toAccessLink = (row: AccessLinkRow): AccessLink => ({
  id: row.id,
  subscriptionId: row.subscriptionId,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
  createdBy: row.createdBy,
});

async function withSummaries(deps: Deps, rows: CustomerRow[], day: IsoDate): Promise<AdminCustomer[]> {
  const summaries = await createCustomersRepository(deps.db).summariesOf(rows.map((row) => row.id));
  return rows.map((row) => {
    const subscriptions = summaries.subscriptions.filter((subscription) => subscription.customerId === row.id);
    const paid = summaries.paid.find((entry) => entry.customerId === row.id);
    const lastPaidAt = paid?.lastPaidAt ? new Date(paid.lastPaidAt) : null;
    return {
      id: row.id,
      name: row.name,
      whatsapp: row.whatsapp,
      email: row.email,
      erasedAt: row.erasedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      subscription: headline(subscriptions, day),
      subscriptionCount: subscriptions.length,
      paidTotal: roundMoney(Number(paid?.total ?? 0)),
      lastPaidAt: lastPaidAt?.toISOString() ?? null,
    };
  });
}

export async function listCustomers(deps: Deps, query: { page: number; pageSize: number; search?: string; filter?: CustomerFilter }) {
  const day = today(deps);
  const { rows, total } = await createCustomersRepository(deps.db).list({ ...query, limit: query.pageSize, offset: pageOffset(query), today: day });
  return toListEnvelope(await withSummaries(deps, rows, day), total, query);
}

async function existing(deps: Deps, id: string): Promise<CustomerRow> {
  const row = await createCustomersRepository(deps.db).find(id);
  if (!row) throw customerErrors.notFound();
  return row;
}

export async function customerDetail(deps: Deps, id: string): Promise<AdminCustomerDetail> {
  const row = await existing(deps, id);
  const day = today(deps);
  const repository = createCustomersRepository(deps.db);
  const [[summary], subscriptions, links] = await Promise.all([
    withSummaries(deps, [row], day),
    repository.subscriptionsOf(id),
    repository.openLinks(id, deps.clock()),
  ]);
  return { ...summary!, subscriptions: subscriptions.map((subscription) => toSubscriptionView(subscription, day)), accessLinks: links.map(toAccessLink) };
}

export async function customerFigures(deps: Deps): Promise<CustomerFigures> {
  const now = deps.clock();
  const day = saoPauloToday(now);
  // The month starts at midnight in São Paulo (UTC−3 all year since 2019).
  const monthStartAt = new Date(`${day.slice(0, 7)}-01T00:00:00-03:00`);
  const figures = await createCustomersRepository(deps.db).figures(day, monthStartAt);
  return { ...figures, monthlyRecurringRevenue: roundMoney(figures.monthlyRecurringRevenue), revenueDueNext30Days: roundMoney(figures.revenueDueNext30Days) };
}

const TIMELINE_TITLES: Record<TimelineType, (status: string | null, title: string | null) => string> = {
  conversation: () => 'Conversa no chat',
  payment: (status, title) => `${status === 'paid' ? 'Pagamento recebido' : 'PIX gerado'}: ${title ?? ''}`,
  delivery: (status, title) => `${status === 'delivered' ? 'Entregue' : 'A entregar'}: ${title ?? ''}`,
  subscription: (status, title) =>
    `${status === 'new' ? 'Assinatura iniciada' : status === 'renewal' ? 'Assinatura renovada' : status === 'restart' ? 'Assinatura retomada' : 'Assinatura cancelada'}: ${title ?? ''}`,
  reminder: (status, title) => `${status === 'end_day' ? 'Lembrete de vencimento (no dia)' : 'Lembrete de renovação'} enviado: ${title ?? ''}`,
};

export async function customerTimeline(deps: Deps, id: string, query: { page: number; pageSize: number }) {
  await existing(deps, id);
  const { rows, total } = await createCustomersRepository(deps.db).timeline(id, query.pageSize, pageOffset(query));
  const items = rows.map((row): TimelineEntry => ({
    type: row.type as TimelineType,
    id: row.id,
    at: new Date(row.at).toISOString(),
    title: TIMELINE_TITLES[row.type as TimelineType](row.status, row.title),
    amount: row.amount === null ? null : roundMoney(Number(row.amount)),
    status: row.status,
    date: row.date === null ? null : String(row.date).slice(0, 10),
  }));
  return toListEnvelope(items, total, query);
}

// ---------------------------------------------------------------- CSV

const CSV_HEADER = ['Nome', 'WhatsApp', 'E-mail', 'Plano', 'Período', 'Situação', 'Vencimento', 'Valor do período (R$)', 'Total pago (R$)', 'Cliente desde'];
const EXPORT_PAGE = 500;
/** The export is bounded: a shop this large filters first. */
export const CSV_MAX_ROWS = 100_000;

/** Clientes as a pt-BR spreadsheet opens it, with the list's search and filter. */
export async function customersCsv(deps: Deps, query: { search?: string; filter?: CustomerFilter }): Promise<string> {
  const day = today(deps);
  const repository = createCustomersRepository(deps.db);
  const rows: (string | number | null)[][] = [];
  let after: { createdAt: Date; id: string } | null = null;
  while (rows.length < CSV_MAX_ROWS) {
    const page = await repository.exportPage({ ...query, today: day, after, limit: EXPORT_PAGE });
    if (page.length === 0) break;
    for (const customer of await withSummaries(deps, page, day)) {
      const subscription = customer.subscription;
      rows.push([
        customer.name ?? '(dados apagados)',
        customer.whatsapp ? formatBrazilianPhone(customer.whatsapp) : '',
        customer.email ?? '',
        subscription?.planName ?? '',
        subscription ? PERIOD_LABELS[subscription.period] : '',
        subscription ? SUBSCRIPTION_STATUS_LABELS[subscription.status] : '',
        subscription ? formatIsoDate(subscription.endsOn) : '',
        subscription?.price ?? null,
        customer.paidTotal,
        formatIsoDate(saoPauloToday(new Date(customer.createdAt))),
      ]);
    }
    const last = page.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
    if (page.length < EXPORT_PAGE) break;
  }
  return toCsv(CSV_HEADER, rows);
}

// ---------------------------------------------------------------- LGPD

/** Everything held about the customer, as JSON; the export itself is audited (who, when, whose data). */
export async function exportCustomerData(deps: Deps, actor: AdminActor, id: string): Promise<CustomerExport> {
  const customer = await existing(deps, id);
  const now = deps.clock();
  const day = saoPauloToday(now);
  const repository = createCustomersRepository(deps.db);
  const [subscriptions, payments, deliveries, reminders, conversations] = await Promise.all([
    repository.subscriptionsOf(id),
    repository.paymentsOf(id, 10_000),
    repository.deliveriesOf(id),
    repository.remindersOf(id),
    repository.conversationsOf(id),
  ]);
  const data: CustomerExport = {
    exportedAt: now.toISOString(),
    customer: { id: customer.id, name: customer.name, whatsapp: customer.whatsapp, email: customer.email, createdAt: customer.createdAt.toISOString() },
    subscriptions: subscriptions.map((row) => toSubscriptionView(row, day)),
    payments: payments.map((row) => ({
      id: row.id,
      kind: row.kind,
      itemName: row.itemName,
      amount: roundMoney(row.amount),
      status: currentStatus(row, now),
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
    deliveries: deliveries.map(({ delivery, itemName }) => ({
      id: delivery.id,
      itemName,
      status: delivery.status,
      text: delivery.text,
      deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    })),
    reminders: reminders.map((row) => ({ id: row.id, kind: row.kind, day: row.day, sentAt: row.createdAt.toISOString() })),
    conversations: conversations.map(({ conversation, messages }) => ({
      id: conversation.id,
      createdAt: conversation.createdAt.toISOString(),
      messages: messages.map((message) => ({ type: message.type, content: message.content, createdAt: message.createdAt.toISOString() })),
    })),
  };
  // The trail says that the data left and to whom; it never copies the data itself.
  await deps.db.transaction((tx) =>
    recordAudit(tx, actor, { action: 'create', resource: 'customer-exports', recordId: id, before: null, after: { exportedAt: data.exportedAt } }),
  );
  return data;
}

/**
 * LGPD erasure: personal data removed (see the repository's erase), payments kept for the books, anonymous.
 * The images and voice notes of the customer's conversations go too: their rows with the rest, then their
 * objects (a object whose deletion fails is logged by its key, which names no one, and served to no one).
 */
export async function eraseCustomer(deps: Deps & Pick<CustomersDeps, 'storage' | 'logger'>, actor: AdminActor, id: string) {
  const customer = await existing(deps, id);
  if (customer.erasedAt) throw customerErrors.erased();
  const now = deps.clock();
  let files: { bucket: string; storageName: string }[] = [];
  const result = await adminWrite(deps.db, actor, { action: 'delete', resource: 'customers' }, async (tx) => {
    const erased = await createCustomersRepository(tx).erase(customer, now);
    if (!erased) return null;
    files = erased.files;
    // Not the data erased: only that it was there.
    return { recordId: id, before: { erased: false }, after: { erased: true, erasedAt: now.toISOString() } };
  });
  if (!result) throw customerErrors.erased();
  for (const file of files) {
    const key = `${file.bucket}/${file.storageName}`;
    await deps.storage
      .delete(key)
      .catch((error: unknown) => deps.logger.error({ err: error, key }, 'arquivo de cliente apagado (LGPD) não removido do armazenamento'));
  }
  return { id, erasedAt: now.toISOString() };
}

// ---------------------------------------------------------------- links and cancellation

export async function createCustomerAccessLink(deps: CustomersDeps, actor: AdminActor, customerId: string, subscriptionId: string) {
  const customer = await existing(deps, customerId);
  if (customer.erasedAt) throw customerErrors.erased();
  const subscription = await createCustomersRepository(deps.db).findSubscription(subscriptionId);
  if (!subscription || subscription.customerId !== customerId) throw customerErrors.subscriptionNotFound();
  const now = deps.clock();
  const created = await adminWrite(deps.db, actor, { action: 'create', resource: 'subscription-access-links' }, async (tx) => {
    const link = await createAccessLink(tx, { publicOrigin: deps.publicOrigin, now }, subscription, 'admin');
    // The token is never in the trail: only when the link works until.
    return { recordId: link.row.id, before: null, after: { subscriptionId, expiresAt: link.row.expiresAt.toISOString() }, link };
  });
  return { ...toAccessLink(created!.link.row), url: created!.link.url };
}

export async function revokeCustomerAccessLink(deps: Deps, actor: AdminActor, customerId: string, linkId: string) {
  const now = deps.clock();
  const revoked = await adminWrite(deps.db, actor, { action: 'update', resource: 'subscription-access-links' }, async (tx) => {
    const row = await createCustomersRepository(tx).revokeLink(customerId, linkId, now);
    return row ? { recordId: row.id, before: { revokedAt: null }, after: { revokedAt: now.toISOString() } } : null;
  });
  if (!revoked) throw customerErrors.linkNotFound();
}

export async function cancelSubscription(deps: Deps, actor: AdminActor, id: string): Promise<SubscriptionView> {
  const current = await createCustomersRepository(deps.db).findSubscription(id);
  if (!current) throw customerErrors.subscriptionNotFound();
  if (current.cancelledAt) throw customerErrors.alreadyCancelled();
  const now = deps.clock();
  const result = await adminWrite(deps.db, actor, { action: 'update', resource: 'subscriptions' }, async (tx) => {
    const row = await createCustomersRepository(tx).cancelSubscription(id, now);
    return row
      ? { recordId: id, before: { planName: current.planName, cancelledAt: null }, after: { planName: row.planName, cancelledAt: now.toISOString() }, row }
      : null;
  });
  if (!result) throw customerErrors.alreadyCancelled();
  return toSubscriptionView(result.row, saoPauloToday(now));
}
