// Payments: one row per PIX a conversation offered, from the offer to its confirmation (by the PSP's
// notification, re-read at the PSP, or by an admin by hand).
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_KINDS } from '@vitrine/domain/payment-status';
import { createdAt, id, money, updatedAt } from '../../db/columns.ts';
import { chatConversations, chatPaymentIntents } from '../chat/chat.tables.ts';
import { customers, subscriptions } from '../customers/customers.tables.ts';

export const payments = pgTable(
  'payments',
  {
    id: id(),
    status: text('status', { enum: ['created', 'paid', 'expired', 'cancelled'] })
      .notNull()
      .default('created'),
    /** 'psp': a charge at the PSP (confirms itself); 'static': the static BR Code (confirmed by hand). */
    provider: text('provider', { enum: ['psp', 'static'] }).notNull(),
    amount: money('amount').notNull(),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    itemName: text('item_name').notNull(),
    conversationId: uuid('conversation_id').references(() => chatConversations.id, { onDelete: 'set null' }),
    paymentIntentId: uuid('payment_intent_id').references(() => chatPaymentIntents.id, { onDelete: 'set null' }),
    txid: text('txid').notNull(),
    /** The PSP's copia-e-cola, or the static BR Code. */
    brCode: text('br_code').notNull(),
    /** The PSP's payload location (the QR code's URL), when it gives one. */
    location: text('location'),
    endToEndId: text('end_to_end_id'),
    /** Who pays: the conversation's customer, or the customer of the subscription renewed. Kept, anonymous, after an erasure. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** A renewal charge's subscription, and once a plan is paid the subscription it created or extended. */
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    manual: boolean('manual').notNull().default(false),
    markedBy: text('marked_by'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A PSP charge's txid names it at the PSP; static codes share the conversation's txid.
    uniqueIndex('payments_psp_txid_idx')
      .on(t.txid)
      .where(sql`${t.provider} = 'psp'`),
    // One received PIX pays one payment, however many times it is notified.
    uniqueIndex('payments_end_to_end_idx').on(t.endToEndId),
    index('payments_conversation_idx').on(t.conversationId),
    index('payments_created_idx').on(t.createdAt),
    index('payments_status_idx').on(t.status, t.paidAt),
    index('payments_customer_idx').on(t.customerId, t.createdAt),
    index('payments_subscription_idx').on(t.subscriptionId),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
