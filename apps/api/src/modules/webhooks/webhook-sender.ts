// One signed POST to a webhook receiver, the Standard Webhooks way: `webhook-id` (the message id,
// the same on every attempt, so receivers can drop duplicates), `webhook-timestamp` (this attempt,
// in seconds) and `webhook-signature` (v1, HMAC-SHA256 of "id.timestamp.body" with the endpoint's
// secret). Only a 2xx answer is a success; redirects are failures and are never followed.
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { parseRetryAfter } from '../../shared/jobs/backoff.ts';
import { checkWebhookUrl, guardedLookup, type Resolver } from './webhook-target.ts';
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

  return new Promise<SendResult>((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers,
      signal,
      // A fresh connection for every attempt, each one resolved and checked by the guard.
      agent: false,
      lookup: guardedLookup({ allowPrivate: options.allowPrivate, resolve: options.resolve }),
    });
    request.on('response', (response) => {
      const statusCode = response.statusCode ?? 0;
      // The answer's body is not used; reading it lets the connection finish normally.
      response.on('error', () => undefined);
      response.resume();
      if (statusCode >= 200 && statusCode < 300) {
        resolve({ ok: true, statusCode });
      } else if (statusCode >= 300 && statusCode < 400) {
        resolve({ ok: false, statusCode, error: `Redirecionamento (HTTP ${statusCode}) não é seguido.` });
      } else {
        const retryAfterMs =
          statusCode === 429 || statusCode === 503
            ? parseRetryAfter(response.headers['retry-after'])
            : undefined;
        resolve({ ok: false, statusCode, error: `O destino respondeu HTTP ${statusCode}.`, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
      }
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof WebhookTargetError) {
        resolve({ ok: false, error: error.message, refused: true });
      } else if (timeout.aborted) {
        resolve({ ok: false, error: `Sem resposta em ${(options.timeoutMs / 1000).toLocaleString('pt-BR')} s (tempo esgotado).` });
      } else if (options.signal?.aborted) {
        resolve({ ok: false, error: 'Envio interrompido: o servidor está encerrando.' });
      } else {
        resolve({ ok: false, error: `Falha de conexão: ${error.code ?? error.message}.` });
      }
    });
    request.end(message.body);
  });
}
