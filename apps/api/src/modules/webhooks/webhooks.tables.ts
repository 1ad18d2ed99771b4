// Outgoing webhooks: endpoints with their signing secret, deliveries and every attempt.
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns.ts';

// One signing secret per receiving URL, created on first use. Deliveries point here and never
// hold a copy of the secret, so the delivery log can be shown without exposing it.
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: id(),
  url: text('url').notNull().unique(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    // Standard Webhooks message id, stable across attempts and re-sends.
    messageId: text('message_id').notNull().unique(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    event: text('event').notNull(),
    source: text('source', { enum: ['shortcut', 'credit_order', 'test', 'payment'] }).notNull(),
    sourceId: uuid('source_id'),
    url: text('url').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'delivering', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    lastStatusCode: integer('last_status_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_source_idx').on(t.source, t.sourceId),
    // The delivery log's pages (newest first, any filter) walk this backwards and stop at the page's end.
    index('webhook_deliveries_created_idx').on(t.createdAt, t.id),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    // null for a send cut short by a crash: how long it ran is not known.
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
