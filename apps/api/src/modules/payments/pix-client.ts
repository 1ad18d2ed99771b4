// A client for the Banco Central's API Pix, the OpenAPI standard PSPs implement: an OAuth 2 token
// (client credentials, kept until shortly before it expires), immediate charges (PUT and GET /cob/{txid})
// and the webhook of the shop's key (PUT /webhook/{chave}). Every call goes through the guarded outbound
// client; the PSP's own one carries the mutual-TLS certificate. Errors never carry the token or secrets.
import { z } from 'zod';
import type { OutboundFetch } from '../../shared/http-client.ts';

export interface PixClientOptions {
  /** The PSP's API Pix base, up to and excluding /cob (PIX_API_URL). */
  apiUrl: string;
  /** The token endpoint (PIX_OAUTH_URL). */
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  /** The guarded outbound client with the PSP's TLS (certificate, key, authority). */
  fetch: OutboundFetch;
  clock?: () => Date;
}

/** The PSP could not be asked (network, time limit, 5xx, an answer that is not API Pix): try again later. */
export class PixUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PixUnavailableError';
  }
}

/** The PSP refused the request (4xx): retrying the same request will not help. */
export class PixRefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'PixRefusedError';
  }
}

export const COB_STATUSES = ['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'] as const;

const cobSchema = z.looseObject({
  txid: z.string(),
  status: z.enum(COB_STATUSES),
  calendario: z.looseObject({ criacao: z.string(), expiracao: z.coerce.number() }),
  valor: z.looseObject({ original: z.string().regex(/^\d{1,10}\.\d{2}$/) }),
  chave: z.string().optional(),
  location: z.string().optional(),
  loc: z.looseObject({ location: z.string().optional() }).optional(),
  pixCopiaECola: z.string().optional(),
  pix: z.array(z.looseObject({ endToEndId: z.string(), valor: z.string(), horario: z.string() })).optional(),
});
export type Cob = z.infer<typeof cobSchema>;

const tokenSchema = z.looseObject({ access_token: z.string().min(1), expires_in: z.coerce.number().positive().optional() });

export interface NewCharge {
  /** Reais with two decimals at most. */
  amount: number;
  /** The shop's PIX key. */
  key: string;
  expirySeconds: number;
  /** Shown to the payer by the bank: what is being paid (up to 140 characters). */
  payerRequest: string;
}

export interface PixClient {
  createCharge(txid: string, charge: NewCharge): Promise<Cob>;
  /** The charge, or null when the PSP does not know that txid. */
  getCharge(txid: string): Promise<Cob | null>;
  registerWebhook(key: string, webhookUrl: string): Promise<void>;
}

/** API Pix money: '123.45'. */
export const pixAmount = (reais: number) => (Math.round(reais * 100) / 100).toFixed(2);
export const amountCents = (value: string | number) => Math.round(Number(value) * 100);

/** A txid of an immediate charge: 26 to 35 letters and digits. */
export const COB_TXID = /^[a-zA-Z0-9]{26,35}$/;

// Tokens are renewed this long before the PSP says they expire.
const TOKEN_MARGIN_MS = 60_000;

export function createPixClient({ apiUrl, oauthUrl, clientId, clientSecret, fetch, clock = () => new Date() }: PixClientOptions): PixClient {
  const base = apiUrl.replace(/\/+$/, '');
  let token: { value: string; until: number } | null = null;
  let pending: Promise<string> | null = null;

  async function send(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetch(url, init);
    } catch (error) {
      // The cause names the network problem (refused, timeout, certificate); never a header or a body.
      throw new PixUnavailableError(`${what}: PSP inacessível (${(error as Error).message})`);
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const response = await send(
      oauthUrl,
      {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      },
      'token OAuth',
    );
    const body = await readJson(response);
    if (!response.ok) throw failure(response.status, 'token OAuth', body);
    const parsed = tokenSchema.safeParse(body);
    if (!parsed.success) throw new PixUnavailableError('token OAuth: resposta do PSP sem access_token');
    const lifetimeMs = (parsed.data.expires_in ?? 300) * 1000;
    token = { value: parsed.data.access_token, until: clock().getTime() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2) };
    return token.value;
  }

  async function accessToken(): Promise<string> {
    if (token && clock().getTime() < token.until) return token.value;
    // Concurrent calls share one token request.
    pending ??= fetchToken().finally(() => (pending = null));
    return pending;
  }

  async function call(method: string, path: string, what: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    for (let attempt = 0; ; attempt += 1) {
      const bearer = await accessToken();
      const response = await send(
        `${base}${path}`,
        {
          method,
          headers: { authorization: `Bearer ${bearer}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        what,
      );
      const answer = await readJson(response);
      // A token the PSP no longer accepts (revoked, clock skew): one new token, one more try.
      if (response.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      return { status: response.status, body: answer };
    }
  }

  const asCob = (body: unknown, what: string): Cob => {
    const parsed = cobSchema.safeParse(body);
    if (!parsed.success) throw new PixUnavailableError(`${what}: resposta do PSP fora do padrão API Pix`);
    return parsed.data;
  };

  return {
    async createCharge(txid, charge) {
      if (!COB_TXID.test(txid)) throw new PixRefusedError('txid inválido para cobrança imediata', 400);
      const what = 'criar cobrança';
      const { status, body } = await call('PUT', `/cob/${txid}`, what, {
        calendario: { expiracao: charge.expirySeconds },
        valor: { original: pixAmount(charge.amount) },
        chave: charge.key,
        solicitacaoPagador: charge.payerRequest.slice(0, 140),
      });
      if (status < 200 || status >= 300) throw failure(status, what, body);
      return asCob(body, what);
    },
    async getCharge(txid) {
      if (!COB_TXID.test(txid)) return null;
      const what = 'consultar cobrança';
      const { status, body } = await call('GET', `/cob/${txid}`, what);
      if (status === 404) return null;
      if (status < 200 || status >= 300) throw failure(status, what, body);
      return asCob(body, what);
    },
    async registerWebhook(key, webhookUrl) {
      const what = 'registrar webhook';
      const { status, body } = await call('PUT', `/webhook/${encodeURIComponent(key)}`, what, { webhookUrl });
      if (status < 200 || status >= 300) throw failure(status, what, body);
    },
  };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** API Pix errors are RFC 7807 problems: their title and detail say why, without our credentials. */
function failure(status: number, what: string, body: unknown): Error {
  const problem = (body ?? {}) as { title?: unknown; detail?: unknown };
  const detail = [problem.title, problem.detail]
    .filter((part) => typeof part === 'string')
    .join(': ')
    .slice(0, 300);
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
    return new PixRefusedError(`${what}: o PSP recusou (HTTP ${status}${detail ? `, ${detail}` : ''})`, status, detail || undefined);
  }
  return new PixUnavailableError(`${what}: o PSP falhou (HTTP ${status}${detail ? `, ${detail}` : ''})`, status);
}
