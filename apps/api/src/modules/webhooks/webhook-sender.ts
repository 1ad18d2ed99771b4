// One signed POST to a webhook receiver, the Standard Webhooks way: `webhook-id` (the message id,
// the same on every attempt, so receivers can drop duplicates), `webhook-timestamp` (this attempt,
// in seconds) and `webhook-signature` (v1, HMAC-SHA256 of "id.timestamp.body" with the endpoint's
// secret). Only a 2xx answer is a success; redirects are failures and are never followed. The
// request goes through the one outbound client, whose guard checks the address where it connects.
import { Webhook } from 'standardwebhooks';
import { createOutboundFetch, type OutboundFetch } from '../../shared/http-client.ts';
import { parseRetryAfter } from '../../shared/jobs/backoff.ts';
import { anyAddress, OutboundError, publicAddressesOnly, type Resolver } from '../../shared/outbound-address.ts';
import { asWebhookError, checkWebhookUrl } from './webhook-target.ts';
import { WebhookTargetError } from './webhooks.errors.ts';

export interface SignedMessage {
  url: string;
  /** `whsec_` followed by the base64 key. */
  secret: string;
  messageId: string;
  body: string;
}

export interface SendOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  signal?: AbortSignal;
  /** The app's outbound client; without it, one is made for the send from allowPrivate and resolve. */
  fetch?: OutboundFetch;
  resolve?: Resolver;
  now?: () => Date;
}

export type SendResult =
  | { ok: true; statusCode: number }
  | {
      ok: false;
      error: string;
      statusCode?: number;
      retryAfterMs?: number;
      /** The target itself is refused: trying again cannot help. */
      refused?: boolean;
    };

export function signatureHeaders(secret: string, messageId: string, timestamp: Date, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, timestamp, body),
  };
}

export async function sendWebhook(message: SignedMessage, options: SendOptions): Promise<SendResult> {
  let url: URL;
  try {
    url = checkWebhookUrl(message.url, { allowPrivate: options.allowPrivate });
  } catch (error) {
    if (error instanceof WebhookTargetError) return { ok: false, error: error.message, refused: true };
    throw error;
  }
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Vitrine-Webhooks/1.0',
    ...signatureHeaders(message.secret, message.messageId, options.now?.() ?? new Date(), message.body),
  };
  // Without the app's client (a test calling this directly), one made for this send alone.
  const own = options.fetch
    ? undefined
    : createOutboundFetch({
        userAgent: 'Vitrine-Webhooks/1.0',
        defaultTimeoutMs: options.timeoutMs,
        policy: options.allowPrivate ? anyAddress : publicAddressesOnly,
        resolve: options.resolve,
      });
  const outbound = options.fetch ?? own!;

  try {
    // A POST: the client never follows its redirects, so a 3xx comes back here as it is.
    const response = await outbound(url, { method: 'POST', headers, body: message.body, signal });
    const statusCode = response.status;
    // The answer's body is not used.
    await response.body?.cancel().catch(() => undefined);
    if (statusCode >= 200 && statusCode < 300) return { ok: true, statusCode };
    if (statusCode >= 300 && statusCode < 400) return { ok: false, statusCode, error: `Redirecionamento (HTTP ${statusCode}) não é seguido.` };
    const retryAfterMs = statusCode === 429 || statusCode === 503 ? parseRetryAfter(response.headers.get('retry-after') ?? undefined) : undefined;
    return { ok: false, statusCode, error: `O destino respondeu HTTP ${statusCode}.`, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  } catch (error) {
    if (error instanceof OutboundError) return { ok: false, error: asWebhookError(error).message, refused: true };
    if (timeout.aborted) return { ok: false, error: `Sem resposta em ${(options.timeoutMs / 1000).toLocaleString('pt-BR')} s (tempo esgotado).` };
    if (options.signal?.aborted) return { ok: false, error: 'Envio interrompido: o servidor está encerrando.' };
    if ((error as Error).name === 'TimeoutError') return { ok: false, error: 'Sem resposta no tempo limite das chamadas externas (tempo esgotado).' };
    const failure = error as Error & { code?: string; cause?: { code?: string; message?: string } };
    return { ok: false, error: `Falha de conexão: ${failure.cause?.code ?? failure.code ?? failure.cause?.message ?? failure.message}.` };
  } finally {
    await own?.close();
  }
}
