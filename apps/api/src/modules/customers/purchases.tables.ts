// What a paid payment leaves behind: its delivery (A entregar until the operator delivers it) and, for a
// plan, the term it bought on the customer's subscription. One of each per payment: a notification repeated
// (or an admin marking received after the PSP) adds nothing.
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DELIVERY_STATUSES } from '@vitrine/domain/customers';
import { createdAt, id, updatedAt } from '../../db/columns.ts';
import { payments } from '../payments/payments.tables.ts';
import { customers, subscriptions } from './customers.tables.ts';

export const deliveries = pgTable(
  'deliveries',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    /** What the customer received (access data, instructions): stored, shown to the customer, never logged. */
    text: text('text'),
    deliveredBy: text('delivered_by'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('deliveries_payment_idx').on(t.paymentId),
    index('deliveries_status_idx').on(t.status, t.createdAt, t.id),
    index('deliveries_customer_idx').on(t.customerId),
  ],
);

/** The term a paid plan bought: a subscription's history, and whether it renewed one that existed. */
export const subscriptionTerms = pgTable(
  'subscription_terms',
  {
    id: id(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    /** 'new' (the first term), 'renewal' (extended it from its end) or 'restart' (after it had ended). */
    kind: text('kind', { enum: ['new', 'renewal', 'restart'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_terms_payment_idx').on(t.paymentId),
    index('subscription_terms_subscription_idx').on(t.subscriptionId, t.createdAt),
    index('subscription_terms_created_idx').on(t.createdAt),
  ],
);

export type DeliveryRow = typeof deliveries.$inferSelect;
export type SubscriptionTermRow = typeof subscriptionTerms.$inferSelect;
