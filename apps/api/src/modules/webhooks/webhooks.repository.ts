import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor, Transaction } from '../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';

export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type WebhookSource = WebhookDelivery['source'];

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newEndpointSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The endpoint for a URL, created with its own secret the first time the URL is used; `created` says
 * whether this call created it (its first secret can then be shown, once, to whoever caused it).
 */
export async function ensureEndpoint(tx: DbExecutor, url: string) {
  const inserted = await tx
    .insert(webhookEndpoints)
    .values({ url, secret: newEndpointSecret() })
    .onConflictDoNothing({ target: webhookEndpoints.url })
    .returning({ id: webhookEndpoints.id });
  const [endpoint] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.url, url));
  return { ...endpoint!, created: inserted.length > 0 };
}

/**
 * Gives the endpoint a new secret; inside a transaction the endpoint stays locked until it ends.
 * The endpoint as it was, or undefined when there is none.
 */
export async function replaceEndpointSecret(tx: DbExecutor, id: string, secret: string) {
  const [current] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
  if (!current) return undefined;
  await tx.update(webhookEndpoints).set({ secret }).where(eq(webhookEndpoints.id, id));
  return current;
}

export async function insertDelivery(tx: DbExecutor, values: typeof webhookDeliveries.$inferInsert) {
  const [row] = await tx.insert(webhookDeliveries).values(values).returning();
  return row!;
}

export async function findDelivery(db: DbExecutor, id: string) {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

export async function findDeliveryWithSecret(db: DbExecutor, id: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, secret: webhookEndpoints.secret })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

export async function markDelivering(db: DbExecutor, id: string) {
  await db.update(webhookDeliveries).set({ status: 'delivering' }).where(eq(webhookDeliveries.id, id));
}

/** Back to the queue, only from a finished state: of two simultaneous re-sends one wins. */
export async function reopenFinishedDelivery(tx: Transaction, id: string) {
  const [row] = await tx
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: sql`now()` })
    .where(and(eq(webhookDeliveries.id, id), inArray(webhookDeliveries.status, ['failed', 'delivered'])))
    .returning();
  return row;
}

/** Points a delivery at another URL and its endpoint (a re-send to the address its source has now). */
export async function retargetDelivery(tx: Transaction, id: string, target: { url: string; endpointId: string }) {
  await tx.update(webhookDeliveries).set(target).where(eq(webhookDeliveries.id, id));
}

export async function recordAttempt(
  tx: DbExecutor,
  id: string,
  attempt: { statusCode?: number; error?: string; durationMs: number | null },
  next: Partial<Pick<WebhookDelivery, 'status' | 'nextAttemptAt'>>,
) {
  const [row] = await tx
    .update(webhookDeliveries)
    .set({
      ...next,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatusCode: attempt.statusCode ?? null,
      lastError: attempt.error ?? null,
    })
    .where(eq(webhookDeliveries.id, id))
    .returning({ attempts: webhookDeliveries.attempts });
  if (!row) return;
  await tx.insert(webhookAttempts).values({
    deliveryId: id,
    attempt: row.attempts,
    statusCode: attempt.statusCode ?? null,
    error: attempt.error ?? null,
    durationMs: attempt.durationMs,
  });
}

export async function setDeliveryState(tx: Transaction, id: string, next: Partial<Pick<WebhookDelivery, 'status' | 'nextAttemptAt' | 'lastError'>>) {
  await tx.update(webhookDeliveries).set(next).where(eq(webhookDeliveries.id, id));
}
