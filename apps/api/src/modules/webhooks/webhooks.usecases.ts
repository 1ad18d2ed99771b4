// Outgoing webhooks: a delivery row and its job are written in the caller's transaction (the order
// or shortcut run that causes them), then the job runner sends, retries and records every attempt.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client.ts';
import type { OutboundFetch } from '../../shared/http-client.ts';
import { DEFAULT_MAX_ATTEMPTS, enqueueJob } from '../../shared/jobs/queue.ts';
import type { JobHandler } from '../../shared/jobs/runner.ts';
import { sendWebhook } from './webhook-sender.ts';
import { checkWebhookUrl, type Resolver } from './webhook-target.ts';
import { webhookErrors, type WebhookTargetError } from './webhooks.errors.ts';
import {
  ensureEndpoint,
  findDelivery,
  findDeliveryWithSecret,
  insertDelivery,
  markDelivering,
  recordAttempt,
  reopenFinishedDelivery,
  retargetDelivery,
  setDeliveryState,
  type WebhookSource,
} from './webhooks.repository.ts';

export const WEBHOOK_DELIVERY_JOB = 'webhook.deliver';

export interface EnqueueWebhookInput {
  endpointUrl: string;
  /** What happened, for the delivery log ('credit_order.created', 'shortcut.run'...). */
  event: string;
  /** The JSON body, exactly as the receiver gets it. */
  payload: Record<string, unknown>;
  source: WebhookSource;
  sourceId?: string | null;
}

export interface WebhookPolicy {
  /** ALLOW_PRIVATE_WEBHOOKS: local development and tests only. */
  allowPrivate?: boolean;
  maxAttempts?: number;
}

const INTERRUPTED_SEND = 'Envio interrompido: o processo parou antes da resposta; o resultado é desconhecido.';

const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** A new delivery of an event to its endpoint: a message id of its own, the rest from the input. */
const newDelivery = (input: EnqueueWebhookInput, endpointId: string, url: string) => ({
  messageId: newMessageId(),
  endpointId,
  event: input.event,
  source: input.source,
  sourceId: input.sourceId ?? null,
  url,
  payload: input.payload,
});

/**
 * Queues one signed delivery. Pass the transaction of the row that causes it: both are written or
 * neither is. A URL that can never be sent to is refused here, with a message for the admin.
 */
export async function enqueueWebhook(tx: DbExecutor, input: EnqueueWebhookInput, policy: WebhookPolicy = {}) {
  const url = checkWebhookUrl(input.endpointUrl, { allowPrivate: policy.allowPrivate ?? false });
  // A savepoint inside the caller's transaction, or a transaction of its own when given the database.
  return tx.transaction(async (inner) => {
    const endpoint = await ensureEndpoint(inner, url.href);
    const delivery = await insertDelivery(inner, newDelivery(input, endpoint.id, url.href));
    const job = await enqueueJob(inner, {
      kind: WEBHOOK_DELIVERY_JOB,
      payload: { deliveryId: delivery.id },
      maxAttempts: policy.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    });
    // A new endpoint's first secret goes back to the caller once: its receiver needs it to verify this very delivery.
    return { deliveryId: delivery.id, messageId: delivery.messageId, jobId: job.id, ...(endpoint.created && { newEndpointSecret: endpoint.secret }) };
  });
}

/** A URL as the delivery log keeps it: parsed and normalised when it can be, as written otherwise. */
function writtenUrl(raw: string): string {
  try {
    return new URL(raw.trim()).href;
  } catch {
    return raw.trim();
  }
}

/**
 * Keeps a delivery to a URL the server will not send to (`enqueueWebhook` refused it) as failed, with
 * the refusal as its error and no job: for an event no one is there to be told of the refusal (a
 * payment the PSP confirmed), so it is never lost. The admin sees it in the delivery log and re-sends
 * it once the address is fixed (`resendWebhookDelivery` with `url`). Pass the transaction of the row
 * that causes it, as for `enqueueWebhook`.
 */
export async function keepRefusedWebhook(tx: DbExecutor, input: EnqueueWebhookInput, refusal: WebhookTargetError) {
  return tx.transaction(async (inner) => {
    const url = writtenUrl(input.endpointUrl);
    const endpoint = await ensureEndpoint(inner, url);
    const delivery = await insertDelivery(inner, { ...newDelivery(input, endpoint.id, url), status: 'failed', lastError: refusal.message });
    return { deliveryId: delivery.id, messageId: delivery.messageId };
  });
}

/**
 * Sends a finished delivery again: new attempts, the same message id (receivers that already
 * processed it can recognise it). A delivery still being tried cannot be re-sent. With `url` (the
 * address its source is configured with now, e.g. the payments webhook after the admin fixed it), the
 * delivery goes there, signed with that endpoint's secret.
 */
export async function resendWebhookDelivery(db: DbExecutor, deliveryId: string, policy: Pick<WebhookPolicy, 'maxAttempts'> & { url?: string } = {}) {
  if (!z.uuid().safeParse(deliveryId).success) throw webhookErrors.deliveryNotFound();
  return db.transaction(async (tx) => {
    const delivery = await reopenFinishedDelivery(tx, deliveryId);
    if (!delivery) {
      throw (await findDelivery(tx, deliveryId)) ? webhookErrors.deliveryInProgress() : webhookErrors.deliveryNotFound();
    }
    let url = delivery.url;
    if (policy.url !== undefined && writtenUrl(policy.url) !== delivery.url) {
      // Checked when sent, like any delivery: an address still refused fails again with the reason.
      url = writtenUrl(policy.url);
      const endpoint = await ensureEndpoint(tx, url);
      await retargetDelivery(tx, deliveryId, { url, endpointId: endpoint.id });
    }
    const job = await enqueueJob(tx, {
      kind: WEBHOOK_DELIVERY_JOB,
      payload: { deliveryId },
      maxAttempts: policy.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    });
    return { deliveryId, messageId: delivery.messageId, jobId: job.id, url, previousUrl: delivery.url };
  });
}

export interface WebhookDeliveryDeps {
  db: Database;
  allowPrivate: boolean;
  timeoutMs: number;
  /** The app's outbound client (its guard decides which addresses are reached). */
  fetch?: OutboundFetch;
  resolve?: Resolver;
  /** Called for each send that failed (counted in the metrics). */
  onFailure?: () => void;
}

export function createWebhookDeliveryHandler(deps: WebhookDeliveryDeps): JobHandler<{ deliveryId: string }> {
  return {
    payload: z.object({ deliveryId: z.uuid() }),

    async run({ deliveryId }, context) {
      const found = await findDeliveryWithSecret(deps.db, deliveryId);
      if (!found) return { ok: false, permanent: true, error: 'Entrega de webhook não encontrada.' };
      if (found.delivery.status === 'delivering') {
        // The previous send never reported back (its process died): log it, its outcome unknown.
        await deps.db.transaction((tx) => recordAttempt(tx, deliveryId, { error: INTERRUPTED_SEND, durationMs: null }, {}));
      } else {
        await markDelivering(deps.db, deliveryId);
      }
      const result = await sendWebhook(
        {
          url: found.delivery.url,
          secret: found.secret,
          messageId: found.delivery.messageId,
          body: JSON.stringify(found.delivery.payload),
        },
        { allowPrivate: deps.allowPrivate, timeoutMs: deps.timeoutMs, signal: context.signal, fetch: deps.fetch, resolve: deps.resolve },
      );
      if (result.ok) return { ok: true, statusCode: result.statusCode };
      deps.onFailure?.();
      return {
        ok: false,
        error: result.error,
        statusCode: result.statusCode,
        retryAfterMs: result.retryAfterMs,
        permanent: result.refused,
      };
    },

    async settle(tx, { deliveryId }, { settlement, result, durationMs }) {
      const status = settlement.state === 'succeeded' ? 'delivered' : settlement.state === 'failed' ? 'failed' : 'pending';
      const nextAttemptAt = settlement.state === 'retrying' ? { nextAttemptAt: settlement.runAt } : {};
      if (result && durationMs !== undefined) {
        await recordAttempt(
          tx,
          deliveryId,
          { statusCode: result.statusCode, error: result.ok ? undefined : result.error, durationMs },
          { status, ...nextAttemptAt },
        );
      } else {
        // Nothing was sent (an instance stopping, or a run cut short by a crash with no tries left).
        await setDeliveryState(tx, deliveryId, {
          status,
          ...(settlement.state === 'failed' ? { lastError: settlement.error } : {}),
        });
      }
    },
  };
}
