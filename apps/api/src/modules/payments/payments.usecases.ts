// Payments: a charge for what the customer chose in a conversation, created at the PSP when one is
// configured (else the static BR Code stands and an admin confirms it by hand); the PSP's notifications,
// never believed by themselves (the charge is re-read at the PSP); marking received by hand (audited);
// a signed 'payment.paid' event in the outbox; the admin's list and revenue.
import { randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import { pageOffset, toListEnvelope } from '@vitrine/domain/lists';
import { roundMoney } from '@vitrine/domain/money';
import {
  PAYMENT_CONFIRMED,
  type AdminPayment,
  type ConversationPayment,
  type PaymentKind,
  type PaymentStatus,
  type PixNotification,
} from '@vitrine/domain/payments';
import type { Database, DbExecutor, Transaction } from '../../db/client.ts';
import { adminWrite, type AdminActor } from '../../shared/audit/audit.ts';
import { AppError, conflict, notFound } from '../../shared/errors.ts';
import { serializeRow } from '../admin/admin.resource.ts';
import { WebhookTargetError } from '../webhooks/webhooks.errors.ts';
import { enqueueWebhook, keepRefusedWebhook } from '../webhooks/webhooks.usecases.ts';
import { createPaymentsRepository, type PaymentRow } from './payments.repository.ts';
import { amountCents, COB_TXID, PixUnavailableError, type Cob, type PixClient } from './pix-client.ts';

export interface PaymentsDeps {
  db: Database;
  /** The PSP's API Pix, or null when none is configured (static BR Code, confirmed by hand). */
  psp: PixClient | null;
  clock: () => Date;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** calendario.expiracao of new charges. */
  expirySeconds: number;
  /** Where signed payment events go (setting 'payments_webhook_url'); none: no event; refused: a failed delivery. */
  eventsUrl: () => Promise<string | undefined>;
  allowPrivateWebhooks: boolean;
  /**
   * What a payment leaves once paid (modules/customers: its delivery, the subscription of a plan), in the
   * transaction that marks it paid, once: only the update that made it paid calls it.
   */
  onPaid?: (tx: Transaction, payment: PaymentRow, now: Date) => Promise<void>;
}

/** A charge created at the PSP for an offer, before the offer is stored. */
export interface PreparedCharge {
  txid: string;
  brCode: string;
  location: string | null;
  expiresAt: Date;
}

export const paymentErrors = {
  notFound: () => notFound('payments.not_found', 'Pagamento não encontrado.'),
  alreadyPaid: () => conflict('payments.already_paid', 'Este pagamento já foi recebido.'),
  cancelled: () => conflict('payments.cancelled', 'Este pagamento foi cancelado.'),
  notExpired: () => conflict('payments.not_expired', 'Este PIX ainda pode ser pago: use o código já mostrado.'),
  endToEndUsed: () => conflict('payments.end_to_end_used', 'Este identificador (E2E) já confirma outro pagamento.'),
  renewedAlready: () => conflict('payments.renewed_already', 'Já existe um PIX mais recente para esta compra.'),
  pspUnavailable: () => new AppError('payments.psp_unavailable', 503, 'O provedor de PIX não respondeu. Tente novamente em instantes.'),
  wrongSecret: () => notFound('payments.webhook_not_found', 'Recurso não encontrado.'),
};

// ---------------------------------------------------------------- charges

const TXID_SUFFIX = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The txid of a new charge: the conversation's 32 hexadecimal digits (it is traced back to it) and 3
 * random letters or digits (a conversation may have several charges): 35 characters, the most API Pix allows.
 */
export function chargeTxid(conversationId: string): string {
  let suffix = '';
  for (let index = 0; index < 3; index += 1) suffix += TXID_SUFFIX[randomInt(TXID_SUFFIX.length)];
  return `${conversationId.replaceAll('-', '')}${suffix}`;
}

/**
 * A charge at the PSP for exactly what was chosen, or null when no PSP is configured or it failed now
 * (the static BR Code is offered then, and the payment is confirmed by hand).
 */
export async function prepareCharge(
  deps: Pick<PaymentsDeps, 'psp' | 'clock' | 'logger' | 'expirySeconds'>,
  input: { conversationId: string; amount: number; title: string; key: string },
): Promise<PreparedCharge | null> {
  if (!deps.psp) return null;
  const txid = chargeTxid(input.conversationId);
  try {
    const cob = await deps.psp.createCharge(txid, { amount: input.amount, key: input.key, expirySeconds: deps.expirySeconds, payerRequest: input.title });
    if (!cob.pixCopiaECola) throw new PixUnavailableError('criar cobrança: o PSP não devolveu o pixCopiaECola');
    if (amountCents(cob.valor.original) !== amountCents(input.amount)) throw new PixUnavailableError('criar cobrança: o PSP devolveu outro valor');
    // Expiry on our clock (the one every status is read with), not the PSP's: a skew between them
    // would otherwise show a fresh charge as expired, or an expired one as payable.
    const expiresAt = new Date(deps.clock().getTime() + cob.calendario.expiracao * 1000);
    return { txid, brCode: cob.pixCopiaECola, location: cob.loc?.location ?? cob.location ?? null, expiresAt };
  } catch (error) {
    deps.logger.warn({ err: error, txid }, 'cobrança PIX não criada no PSP; o código estático é oferecido');
    return null;
  }
}

export interface RecordedOffer {
  /** The chat's offer; null for a renewal from Minha assinatura. */
  paymentIntentId: string | null;
  conversationId: string | null;
  /** Who pays, when known (the conversation's customer, or the subscription's). */
  customerId?: string | null;
  /** The subscription a renewal charge extends. */
  subscriptionId?: string | null;
  kind: PaymentKind;
  itemName: string;
  amount: number;
  /** The static BR Code and its txid, used when there is no charge. */
  txid: string;
  brCode: string;
}

/** The payment of an offer, in the transaction that stores the offer. */
export async function recordPayment(tx: DbExecutor, offer: RecordedOffer, charge: PreparedCharge | null): Promise<PaymentRow> {
  return createPaymentsRepository(tx).insert({
    provider: charge ? 'psp' : 'static',
    amount: offer.amount,
    kind: offer.kind,
    itemName: offer.itemName,
    conversationId: offer.conversationId,
    paymentIntentId: offer.paymentIntentId,
    customerId: offer.customerId ?? null,
    subscriptionId: offer.subscriptionId ?? null,
    txid: charge?.txid ?? offer.txid,
    brCode: charge?.brCode ?? offer.brCode,
    location: charge?.location ?? null,
    expiresAt: charge?.expiresAt ?? null,
  });
}

// ---------------------------------------------------------------- views

/** The status as it is now: a charge not paid by its expiry is expired. */
export function currentStatus(row: PaymentRow, now: Date): PaymentStatus {
  if (row.status === 'created' && row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

export const toAdminPayment = (row: PaymentRow, now: Date): AdminPayment => ({
  id: row.id,
  status: currentStatus(row, now),
  provider: row.provider,
  amount: roundMoney(row.amount),
  kind: row.kind,
  itemName: row.itemName,
  conversationId: row.conversationId,
  paymentIntentId: row.paymentIntentId,
  txid: row.txid,
  endToEndId: row.endToEndId,
  manual: row.manual,
  markedBy: row.markedBy,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  paidAt: row.paidAt?.toISOString() ?? null,
});

export const toConversationPayment = (row: PaymentRow, now: Date): ConversationPayment => ({
  id: row.id,
  paymentIntentId: row.paymentIntentId,
  status: currentStatus(row, now),
  amount: roundMoney(row.amount),
  itemName: row.itemName,
  brCode: row.brCode,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  paidAt: row.paidAt?.toISOString() ?? null,
});

// ---------------------------------------------------------------- confirmation

/**
 * The signed event the shop's systems receive for a paid payment (Standard Webhooks, via the outbox).
 * No address set: no event (the payment is in Pagamentos all the same). An address the server will not
 * call (private, loopback, refused): the event is kept as a failed delivery with the reason, which the
 * admin sees in the webhook deliveries and re-sends once the address is fixed; never dropped, and never
 * a reason to undo a received payment.
 */
async function queuePaidEvent(deps: Pick<PaymentsDeps, 'eventsUrl' | 'allowPrivateWebhooks' | 'logger'>, tx: Transaction, row: PaymentRow) {
  const url = await deps.eventsUrl();
  if (!url) return;
  const event = {
    endpointUrl: url,
    event: 'payment.paid',
    source: 'payment' as const,
    sourceId: row.id,
    payload: {
      type: 'payment.paid',
      timestamp: (row.paidAt ?? new Date()).toISOString(),
      data: {
        id: row.id,
        status: 'paid',
        amount: (Math.round(row.amount * 100) / 100).toFixed(2),
        kind: row.kind,
        itemName: row.itemName,
        conversationId: row.conversationId,
        txid: row.txid,
        endToEndId: row.endToEndId,
        manual: row.manual,
        paidAt: row.paidAt?.toISOString() ?? null,
      },
    },
  };
  try {
    await enqueueWebhook(tx, event, { allowPrivate: deps.allowPrivateWebhooks });
  } catch (error) {
    if (!(error instanceof WebhookTargetError)) throw error;
    const kept = await keepRefusedWebhook(tx, event, error);
    deps.logger.warn(
      { paymentId: row.id, deliveryId: kept.deliveryId, reason: error.message },
      'evento payment.paid não enviado: endereço do webhook de pagamentos recusado; fica como entrega falha, para reenviar depois de corrigir o endereço',
    );
  }
}

export type NotificationOutcome = 'paid' | 'duplicate' | 'unknown_txid' | 'not_confirmed' | 'wrong_amount';

/**
 * One PSP notification: each received PIX is only a hint. The charge is read again at the PSP and the
 * payment is marked paid only when the PSP says CONCLUIDA for our amount. A PSP that cannot be asked
 * throws PixUnavailableError: the route answers 503 and the PSP notifies again later.
 */
export async function handlePixNotification(deps: PaymentsDeps, notification: PixNotification): Promise<NotificationOutcome[]> {
  const outcomes: NotificationOutcome[] = [];
  const seen = new Set<string>();
  for (const pix of notification.pix) {
    if (seen.has(pix.endToEndId)) continue;
    seen.add(pix.endToEndId);
    outcomes.push(await confirmPix(deps, pix));
  }
  return outcomes;
}

async function confirmPix(deps: PaymentsDeps, pix: PixNotification['pix'][number]): Promise<NotificationOutcome> {
  const repository = createPaymentsRepository(deps.db);
  const log = { txid: pix.txid ?? null, endToEndId: pix.endToEndId };
  if (await repository.findByEndToEnd(pix.endToEndId)) return 'duplicate';
  const payment = pix.txid && COB_TXID.test(pix.txid) ? await repository.findPspCharge(pix.txid) : null;
  if (!payment || !deps.psp) {
    deps.logger.info(log, 'notificação de PIX para txid desconhecido ignorada');
    return 'unknown_txid';
  }
  if (payment.status === 'paid') return 'duplicate';
  const cob: Cob | null = await deps.psp.getCharge(payment.txid);
  if (!cob || cob.status !== 'CONCLUIDA') {
    deps.logger.warn({ ...log, status: cob?.status ?? null }, 'notificação de PIX não confirmada pelo PSP: cobrança não concluída');
    if (cob && (cob.status === 'REMOVIDA_PELO_PSP' || cob.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR'))
      await repository.setStatus(payment.id, 'created', 'cancelled');
    return 'not_confirmed';
  }
  const received = cob.pix?.find((entry) => entry.endToEndId === pix.endToEndId);
  if (
    amountCents(cob.valor.original) !== amountCents(payment.amount) ||
    (cob.pix && !received) ||
    (received && amountCents(received.valor) !== amountCents(payment.amount))
  ) {
    deps.logger.warn({ ...log, expected: payment.amount, original: cob.valor.original }, 'notificação de PIX recusada: valor diferente do cobrado');
    return 'wrong_amount';
  }
  const horario = Date.parse(received?.horario ?? pix.horario);
  const paidAt = Number.isFinite(horario) ? new Date(horario) : deps.clock();
  try {
    const paid = await deps.db.transaction(async (tx) => {
      const row = await createPaymentsRepository(tx).markPaid(payment.id, { paidAt, endToEndId: pix.endToEndId, manual: false, markedBy: null });
      if (row) {
        await queuePaidEvent(deps, tx, row);
        await deps.onPaid?.(tx, row, deps.clock());
      }
      return row;
    });
    if (!paid) return 'duplicate';
    deps.logger.info({ ...log, paymentId: payment.id }, PAYMENT_CONFIRMED);
    return 'paid';
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

/** An admin marks a payment received by hand (no PSP, or a PIX the PSP did not notify): audited, with its event. */
export async function markReceived(deps: PaymentsDeps, actor: AdminActor, id: string, endToEndId: string | undefined): Promise<AdminPayment> {
  const now = deps.clock();
  const current = await createPaymentsRepository(deps.db).find(id);
  if (!current) throw paymentErrors.notFound();
  if (current.status === 'paid') throw paymentErrors.alreadyPaid();
  if (endToEndId && (await createPaymentsRepository(deps.db).findByEndToEnd(endToEndId))) throw paymentErrors.endToEndUsed();
  let result;
  try {
    result = await adminWrite(deps.db, actor, { action: 'update', resource: 'payments' }, async (tx) => {
      const row = await createPaymentsRepository(tx).markPaid(id, { paidAt: now, endToEndId: endToEndId ?? null, manual: true, markedBy: actor.email });
      if (!row) return null;
      await queuePaidEvent(deps, tx, row);
      await deps.onPaid?.(tx, row, now);
      return { recordId: row.id, before: serializeRow(current), after: serializeRow(row), row };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw paymentErrors.endToEndUsed();
    throw error;
  }
  if (!result) throw paymentErrors.alreadyPaid();
  return toAdminPayment(result.row, now);
}

// ---------------------------------------------------------------- reads

export async function listPayments(
  deps: Pick<PaymentsDeps, 'db' | 'clock'>,
  query: { page: number; pageSize: number; status?: PaymentStatus; search?: string },
) {
  const now = deps.clock();
  const { rows, total } = await createPaymentsRepository(deps.db).list(query.pageSize, pageOffset(query), { status: query.status, search: query.search }, now);
  return toListEnvelope(
    rows.map((row) => toAdminPayment(row, now)),
    total,
    query,
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function paymentSummary(deps: Pick<PaymentsDeps, 'db' | 'clock' | 'psp'>) {
  const now = deps.clock();
  const summary = await createPaymentsRepository(deps.db).summary(new Date(now.getTime() - 30 * DAY_MS), now);
  return { ...summary, paidTotal: roundMoney(summary.paidTotal), paidLast30Days: roundMoney(summary.paidLast30Days), pspConfigured: deps.psp !== null };
}

/** The visitor who owns the conversation, or an admin; otherwise the same 404 as a conversation that does not exist. */
export async function assertConversationAccess(deps: Pick<PaymentsDeps, 'db'>, access: { visitorId: string | null; isAdmin: boolean }, conversationId: string) {
  const owner = await createPaymentsRepository(deps.db).conversationVisitor(conversationId);
  if (owner === null || !(access.isAdmin || (access.visitorId !== null && access.visitorId === owner))) {
    throw notFound('chat.conversation_not_found', 'Conversa não encontrada. Comece uma nova conversa.');
  }
}

export async function conversationPayments(
  deps: Pick<PaymentsDeps, 'db' | 'clock'>,
  access: { visitorId: string | null; isAdmin: boolean },
  conversationId: string,
) {
  await assertConversationAccess(deps, access, conversationId);
  const now = deps.clock();
  return (await createPaymentsRepository(deps.db).ofConversation(conversationId)).map((row) => toConversationPayment(row, now));
}

/** A new charge for what an expired one paid for; the conversation shows it in place of the old one. */
export async function renewCharge(deps: PaymentsDeps, visitorId: string | null, conversationId: string, paymentId: string, key: string | null) {
  await assertConversationAccess(deps, { visitorId, isAdmin: false }, conversationId);
  const repository = createPaymentsRepository(deps.db);
  const old = await repository.find(paymentId);
  if (!old || old.conversationId !== conversationId) throw paymentErrors.notFound();
  const now = deps.clock();
  const status = currentStatus(old, now);
  if (status === 'paid') throw paymentErrors.alreadyPaid();
  if (status === 'created') throw paymentErrors.notExpired();
  // Only the newest charge of an offer is renewed: an old one asked again does not make another.
  const newer = (await repository.ofConversation(conversationId)).some((row) => row.paymentIntentId === old.paymentIntentId && row.createdAt > old.createdAt);
  if (newer) throw paymentErrors.renewedAlready();
  const charge = key ? await prepareCharge(deps, { conversationId, amount: old.amount, title: old.itemName, key }) : null;
  if (!charge) throw paymentErrors.pspUnavailable();
  const row = await deps.db.transaction(async (tx) => {
    const payments = createPaymentsRepository(tx);
    await payments.setStatus(old.id, 'created', 'expired');
    return recordPayment(
      tx,
      {
        paymentIntentId: old.paymentIntentId,
        conversationId,
        customerId: old.customerId,
        subscriptionId: old.subscriptionId,
        kind: old.kind,
        itemName: old.itemName,
        amount: old.amount,
        txid: old.txid,
        brCode: old.brCode,
      },
      charge,
    );
  });
  return { payment: toConversationPayment(row, now), location: row.location };
}

// ---------------------------------------------------------------- the PSP's webhook

/**
 * Registers PUBLIC_URL + /api/payments/pix/webhook/<secret> for the shop's key at the PSP, trying again
 * with growing waits while it fails. The URL is logged with its secret masked.
 */
export async function registerPixWebhook(
  deps: {
    psp: PixClient;
    logger: Pick<Logger, 'info' | 'warn'>;
    shopKey: () => Promise<string | null>;
    wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  },
  input: { publicUrl: string; secret: string; attempts?: number; signal: AbortSignal },
): Promise<boolean> {
  const url = `${input.publicUrl.replace(/\/+$/, '')}/api/payments/pix/webhook/${input.secret}`;
  const shown = url.replace(input.secret, '••••');
  const wait =
    deps.wait ??
    ((ms, signal) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        timer.unref();
        signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      }));
  const attempts = input.attempts ?? 8;
  for (let attempt = 1; attempt <= attempts && !input.signal.aborted; attempt += 1) {
    try {
      const key = await deps.shopKey();
      if (!key) {
        deps.logger.warn('webhook PIX não registrado: a loja ainda não tem chave PIX (configuração pix_key ou PIX_KEY)');
        return false;
      }
      await deps.psp.registerWebhook(key, url);
      deps.logger.info({ url: shown }, 'webhook PIX registrado no PSP');
      return true;
    } catch (error) {
      deps.logger.warn({ err: { message: (error as Error).message }, url: shown, attempt }, 'webhook PIX não registrado no PSP; nova tentativa');
      if (attempt < attempts) await wait(Math.min(2 ** attempt * 1000, 5 * 60_000), input.signal);
    }
  }
  return false;
}

// ---------------------------------------------------------------- the chat's seam

/** What the chat asks of payments when it offers a PIX: a charge first, then the payment with the offer. */
export interface ChatPayments {
  /** A PSP charge for the offer (null: no PSP, or it failed now; the static code is offered). */
  prepare(input: { conversationId: string; amount: number; title: string; key: string }): Promise<PreparedCharge | null>;
  /** The payment of the stored offer, in the offer's transaction. */
  record(tx: DbExecutor, offer: RecordedOffer, charge: PreparedCharge | null): Promise<void>;
}

export const chatPayments = (deps: PaymentsDeps): ChatPayments => ({
  prepare: (input) => prepareCharge(deps, input),
  record: async (tx, offer, charge) => void (await recordPayment(tx, offer, charge)),
});
