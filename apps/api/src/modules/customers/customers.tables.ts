// Customers who come back: the customer (name and contact, erasable), their subscriptions (São Paulo days),
// the Minha assinatura links (only a hash of each token) and the renewal reminders sent.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REMINDER_KINDS } from '@vitrine/domain/customers';
import { createdAt, id, money, updatedAt } from '../../db/columns.ts';
import { plans } from '../catalog/catalog.tables.ts';

export const customers = pgTable(
  'customers',
  {
    id: id(),
    /** Personal data: null once erased (LGPD), like the contact. */
    name: text('name'),
    /** E.164 ('+5511987654321'). */
    whatsapp: text('whatsapp'),
    /** In lower case. */
    email: text('email'),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A returning customer (the same contact) is found, not created again.
    uniqueIndex('customers_whatsapp_idx').on(t.whatsapp),
    uniqueIndex('customers_email_idx').on(t.email),
    index('customers_created_idx').on(t.createdAt, t.id),
    // Clientes' search (ILIKE '%…%' over name, e-mail and WhatsApp): trigram indexes (pg_trgm, migration 0019).
    index('customers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('customers_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('customers_whatsapp_trgm_idx').using('gin', t.whatsapp.op('gin_trgm_ops')),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    /** The plan's name when it was bought (the plan may be renamed or deleted later). */
    planName: text('plan_name').notNull(),
    months: integer('months').notNull(),
    /** The price of the period last paid, in reais. */
    price: money('price').notNull(),
    /** São Paulo days: the current term. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    /** The day of the month terms end on (a subscription started on the 31st ends on the last day of shorter months). */
    anchorDay: integer('anchor_day').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    // Pix Automático (API Pix /rec, journey 3): the recurrence this subscription will be charged by and when the
    // customer consented. Not used yet; the renewal charges are PIX the customer pays each time.
    pixRecurrenceId: text('pix_recurrence_id'),
    pixConsentAt: timestamp('pix_consent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('subscriptions_months', sql`${t.months} in (1, 3, 6, 12)`),
    check('subscriptions_anchor_day', sql`${t.anchorDay} between 1 and 31`),
    index('subscriptions_customer_idx').on(t.customerId),
    // The renewal sweep walks running subscriptions by end day (keyset).
    index('subscriptions_ends_on_idx').on(t.endsOn, t.id),
    uniqueIndex('subscriptions_pix_recurrence_idx').on(t.pixRecurrenceId),
  ],
);

/** A Minha assinatura link: the token itself is only in the link; here its SHA-256. */
export const subscriptionAccessLinks = pgTable(
  'subscription_access_links',
  {
    id: id(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** 'admin' (Clientes) or 'reminder'. */
    createdBy: text('created_by').notNull(),
    /**
     * The renewal reminder this link was sent with (renewal_reminders.id; no foreign key: both go with their
     * subscription). Unique: a reminder's send job inserts its link once, and mails only the links it inserted.
     */
    reminderId: uuid('reminder_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_access_links_token_idx').on(t.tokenHash),
    index('subscription_access_links_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('subscription_access_links_reminder_idx').on(t.reminderId),
  ],
);

/**
 * A renewal reminder sent. Unique per subscription, kind and the end day it is about: the insert decides who
 * sends it, so two instances (or two sweeps) never send it twice — not on one day, not in one term.
 */
export const renewalReminders = pgTable(
  'renewal_reminders',
  {
    id: id(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    /** The São Paulo day it was sent on. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The end day it reminded of. */
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('renewal_reminders_once_idx').on(t.subscriptionId, t.kind, t.endsOn),
    uniqueIndex('renewal_reminders_day_idx').on(t.subscriptionId, t.kind, t.day),
    index('renewal_reminders_customer_idx').on(t.customerId, t.createdAt),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type AccessLinkRow = typeof subscriptionAccessLinks.$inferSelect;
export type ReminderRow = typeof renewalReminders.$inferSelect;
