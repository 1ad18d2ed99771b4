// Payments' queries. Every write that changes a status is conditional on the status it expects, so two
// notifications (or a notification and an admin) racing each other pay a payment once.
import { and, desc, eq, gte, ilike, ne, or, sql, sum } from 'drizzle-orm';
import type { PaymentStatus } from '@vitrine/domain/payments';
import type { DbExecutor } from '../../db/client.ts';
import { likeContaining } from '../../db/search.ts';
import { chatConversations, chatMessages } from '../chat/chat.tables.ts';
import { payments, type NewPaymentRow, type PaymentRow } from './payments.tables.ts';

export type { PaymentRow };

export function createPaymentsRepository(db: DbExecutor) {
  return {
    async insert(row: NewPaymentRow): Promise<PaymentRow> {
      const [inserted] = await db.insert(payments).values(row).returning();
      return inserted!;
    },
    async find(id: string): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row ?? null;
    },
    async findPspCharge(txid: string): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.txid, txid), eq(payments.provider, 'psp')));
      return row ?? null;
    },
    async findByEndToEnd(endToEndId: string): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.endToEndId, endToEndId));
      return row ?? null;
    },
    /** Marks a payment paid unless it already is; the row as now, or null when it was paid already. */
    async markPaid(id: string, values: { paidAt: Date; endToEndId: string | null; manual: boolean; markedBy: string | null }): Promise<PaymentRow | null> {
      const [row] = await db
        .update(payments)
        .set({ status: 'paid', ...values })
        .where(and(eq(payments.id, id), ne(payments.status, 'paid')))
        .returning();
      return row ?? null;
    },
    async setStatus(id: string, from: PaymentStatus, to: PaymentStatus): Promise<void> {
      await db
        .update(payments)
        .set({ status: to })
        .where(and(eq(payments.id, id), eq(payments.status, from)));
    },
    async list(
      limit: number,
      offset: number,
      filter: { status?: PaymentStatus; search?: string },
      now = new Date(),
    ): Promise<{ rows: PaymentRow[]; total: number }> {
      const pattern = filter.search ? likeContaining(filter.search) : undefined;
      const where = and(
        filter.status ? statusWhere(filter.status, now) : undefined,
        pattern ? or(ilike(payments.itemName, pattern), ilike(payments.txid, pattern), ilike(payments.endToEndId, pattern)) : undefined,
      );
      const [rows, total] = await Promise.all([
        db.select().from(payments).where(where).orderBy(desc(payments.createdAt), desc(payments.id)).limit(limit).offset(offset),
        db.$count(payments, where),
      ]);
      return { rows, total };
    },
    async ofConversation(conversationId: string): Promise<PaymentRow[]> {
      return db.select().from(payments).where(eq(payments.conversationId, conversationId)).orderBy(payments.createdAt, payments.id);
    },
    /** The conversation of a message (for the conversation's stream). */
    async messageConversation(messageId: string): Promise<string | null> {
      const [row] = await db.select({ conversationId: chatMessages.conversationId }).from(chatMessages).where(eq(chatMessages.id, messageId));
      return row?.conversationId ?? null;
    },
    async conversationVisitor(conversationId: string): Promise<string | null> {
      const [row] = await db.select({ visitorId: chatConversations.visitorId }).from(chatConversations).where(eq(chatConversations.id, conversationId));
      return row?.visitorId ?? null;
    },
    async summary(since: Date, now: Date) {
      const paid = eq(payments.status, 'paid');
      const [[all], [recent], pending] = await Promise.all([
        db
          .select({ total: sum(payments.amount), count: sql<number>`count(*)::int` })
          .from(payments)
          .where(paid),
        db
          .select({ total: sum(payments.amount) })
          .from(payments)
          .where(and(paid, gte(payments.paidAt, since))),
        db.$count(payments, statusWhere('created', now)),
      ]);
      return { paidTotal: Number(all?.total ?? 0), paidCount: Number(all?.count ?? 0), paidLast30Days: Number(recent?.total ?? 0), pendingCount: pending };
    },
  };
}

/** 'expired' is also a charge still 'created' whose time has passed; 'created' only those still payable. */
function statusWhere(status: PaymentStatus, now: Date) {
  const lapsed = sql`${payments.expiresAt} is not null and ${payments.expiresAt} <= ${now.toISOString()}::timestamptz`;
  if (status === 'expired') return sql`(${payments.status} = 'expired' or (${payments.status} = 'created' and ${lapsed}))`;
  if (status === 'created') return sql`(${payments.status} = 'created' and not coalesce(${lapsed}, false))`;
  return eq(payments.status, status);
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
