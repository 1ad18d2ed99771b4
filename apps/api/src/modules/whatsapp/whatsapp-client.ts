// A client for the WhatsApp Cloud API (Meta's Graph API): POST /{phone-number-id}/messages and
// /{phone-number-id}/media (uploads) with the access token. Every call goes through the guarded outbound
// client (a private WHATSAPP_API_URL needs ALLOW_PRIVATE_WEBHOOKS, as the PSP's does); errors never carry
// the token.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { WhatsAppOutboundContent } from '@vitrine/domain/whatsapp';
import { OutboundError, type OutboundFetch } from '../../shared/http-client.ts';

export interface WhatsAppClientOptions {
  /** The Graph API base with its version (WHATSAPP_API_URL). */
  apiUrl: string;
  phoneNumberId: string;
  accessToken: string;
  fetch: OutboundFetch;
}

/** A send that may work later (network, time limit, 429, 5xx): the job runner tries again. */
export class WhatsAppUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'WhatsAppUnavailableError';
  }
}

/** A send Meta refused (4xx, or an address the server may not call): the same request will not work later. */
export class WhatsAppRefusedError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'WhatsAppRefusedError';
  }
}

const sentSchema = z.looseObject({ messages: z.array(z.looseObject({ id: z.string().min(1).max(256) })).min(1) });
const uploadedSchema = z.looseObject({ id: z.string().min(1).max(256) });
const mediaInfoSchema = z.looseObject({
  url: z.url().max(4096),
  mime_type: z.string().max(200).optional(),
  file_size: z.number().int().nonnegative().optional(),
});

/** A file to upload to the Graph API's media endpoint. */
export interface WhatsAppMediaFile {
  bytes: Uint8Array;
  mimeType: string;
  filename: string;
}

export interface WhatsAppClient {
  /** Sends one message to `to` (a wa_id); resolves with the id WhatsApp gave it (wamid…). */
  send(to: string, content: WhatsAppOutboundContent, signal?: AbortSignal): Promise<{ id: string }>;
  /** Uploads a file (POST /{phone-number-id}/media, multipart); resolves with the media id to send it by. */
  uploadMedia(file: WhatsAppMediaFile, signal?: AbortSignal): Promise<{ id: string }>;
  /**
   * Downloads a file a customer sent: GET /{media-id} gives its URL, fetched with the same token. A file
   * over `maxBytes` is refused (by the size Meta gives, and again while reading).
   */
  downloadMedia(mediaId: string, maxBytes: number, signal?: AbortSignal): Promise<{ bytes: Uint8Array; mimeType: string | null }>;
}

/** A file a customer sent that is over the size allowed: refused, not retried. */
export class WhatsAppMediaTooLargeError extends WhatsAppRefusedError {}

/** A multipart/form-data body written by hand (the guarded client's fetch is undici's own, so no FormData from elsewhere). */
function multipartBody(fields: Record<string, string>, file: WhatsAppMediaFile): { body: Buffer; contentType: string } {
  const boundary = `----vitrine${randomBytes(12).toString('hex')}`;
  const safeName = file.filename.replace(/["\\\r\n]/g, '_');
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${safeName}"\r\ncontent-type: ${file.mimeType}\r\n\r\n`));
  chunks.push(Buffer.from(file.bytes));
  chunks.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function createWhatsAppClient({ apiUrl, phoneNumberId, accessToken, fetch }: WhatsAppClientOptions): WhatsAppClient {
  const base = `${apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(phoneNumberId)}`;

  /** A request to the Graph API with the token; the guard's refusals and network failures as the job runner understands them. */
  async function request(
    url: string,
    init: { method: 'GET' | 'POST'; body?: string | Uint8Array; contentType?: string; accept?: string; signal?: AbortSignal },
  ) {
    try {
      return await fetch(url, {
        method: init.method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(init.contentType ? { 'content-type': init.contentType } : {}),
          accept: init.accept ?? 'application/json',
        },
        body: init.body,
        signal: init.signal,
      });
    } catch (error) {
      // An address the guard refuses (private without ALLOW_PRIVATE_WEBHOOKS) is a configuration problem: retrying will not help.
      if (error instanceof OutboundError && error.code !== 'response_too_large') throw new WhatsAppRefusedError(`WhatsApp: ${error.message}`);
      throw new WhatsAppUnavailableError(`WhatsApp inacessível (${(error as Error).message})`);
    }
  }

  /** One call to the Graph API: its JSON answer when it succeeded, else the error the job runner understands. */
  async function call(
    url: string,
    init: { method?: 'GET' | 'POST'; body?: string | Uint8Array; contentType?: string; signal?: AbortSignal },
  ): Promise<{ status: number; body: unknown }> {
    const response = await request(url, { method: init.method ?? 'POST', body: init.body, contentType: init.contentType, signal: init.signal });
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!response.ok) throw failure(response, body);
    return { status: response.status, body };
  }

  return {
    async send(to, content, signal) {
      const answer = await call(`${base}/messages`, {
        body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to, ...content }),
        contentType: 'application/json',
        signal,
      });
      const parsed = sentSchema.safeParse(answer.body);
      if (!parsed.success) throw new WhatsAppUnavailableError('WhatsApp: resposta sem o id da mensagem', answer.status);
      return { id: parsed.data.messages[0]!.id };
    },

    async downloadMedia(mediaId, maxBytes, signal) {
      const info = await call(`${apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(mediaId)}`, { method: 'GET', signal });
      const parsed = mediaInfoSchema.safeParse(info.body);
      if (!parsed.success) throw new WhatsAppUnavailableError('WhatsApp: resposta sem o endereço da mídia', info.status);
      if ((parsed.data.file_size ?? 0) > maxBytes) throw new WhatsAppMediaTooLargeError('Arquivo do WhatsApp acima do tamanho permitido');
      const response = await request(parsed.data.url, { method: 'GET', accept: '*/*', signal });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw failure(response, null);
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      try {
        for await (const chunk of response.body ?? []) {
          size += (chunk as Uint8Array).byteLength;
          if (size > maxBytes) throw new WhatsAppMediaTooLargeError('Arquivo do WhatsApp acima do tamanho permitido');
          chunks.push(chunk as Uint8Array);
        }
      } catch (error) {
        if (error instanceof WhatsAppMediaTooLargeError) throw error;
        throw new WhatsAppUnavailableError(`WhatsApp: download da mídia interrompido (${(error as Error).message})`);
      }
      return { bytes: Buffer.concat(chunks), mimeType: parsed.data.mime_type ?? null };
    },

    async uploadMedia(file, signal) {
      const { body, contentType } = multipartBody({ messaging_product: 'whatsapp', type: file.mimeType }, file);
      const answer = await call(`${base}/media`, { body: new Uint8Array(body), contentType, signal });
      const parsed = uploadedSchema.safeParse(answer.body);
      if (!parsed.success) throw new WhatsAppUnavailableError('WhatsApp: resposta sem o id da mídia enviada', answer.status);
      return { id: parsed.data.id };
    },
  };
}

/** Graph API errors are { error: { message, code, error_subcode } }: their words say why, without our token. */
function failure(response: Response, body: unknown): Error {
  const status = response.status;
  const error = ((body ?? {}) as { error?: { message?: unknown; code?: unknown } }).error;
  const detail = [typeof error?.code === 'number' ? `código ${error.code}` : null, typeof error?.message === 'string' ? error.message : null]
    .filter(Boolean)
    .join(': ')
    .slice(0, 300);
  const message = `WhatsApp recusou o envio (HTTP ${status}${detail ? `, ${detail}` : ''})`;
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return new WhatsAppRefusedError(message, status);
  const retryAfter = Number(response.headers.get('retry-after'));
  return new WhatsAppUnavailableError(
    `WhatsApp falhou (HTTP ${status}${detail ? `, ${detail}` : ''})`,
    status,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
  );
}
