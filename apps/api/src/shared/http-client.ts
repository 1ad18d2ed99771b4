// The one way the server calls other servers over HTTP (webhooks, the language model, TMDB). Every
// request, whoever asks for it:
// - goes only to http(s) addresses the policy allows: a literal IP in the URL is checked before
//   connecting, and a name is resolved and checked where the connection is opened (undici's
//   `connect.lookup`), so a name that later resolves to 127.0.0.1 (DNS rebinding) is refused too;
// - follows no redirect by itself: GET and HEAD are followed here, up to a small limit, each hop
//   checked like the first one and without credentials when it leaves the origin; any other method
//   gets the 3xx answer as it is (a POST with an API key is never sent on to another address);
// - ends at a time limit (the caller's signal can end it sooner), and reads at most a number of
//   bytes of the answer, streamed answers included;
// - names the server in the User-Agent unless the caller sets one.
import { rootCertificates } from 'node:tls';
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import { checkOutboundUrl, guardedLookup, OutboundError, outboundErrors, publicAddressesOnly, type AddressPolicy, type Resolver } from './outbound-address.ts';

export { OutboundError } from './outbound-address.ts';

export type OutboundFetch = typeof fetch;

/** The client and the connections it keeps; closed with the app. */
export interface OutboundClient extends OutboundFetch {
  close(): Promise<void>;
}

export interface OutboundFetchOptions {
  userAgent: string;
  /** Every request ends by then, body included; a caller's signal may end it sooner. */
  defaultTimeoutMs: number;
  /** Bytes of an answer that are read at most; more fails the read with OutboundError. */
  maxResponseBytes?: number;
  /** Redirects of GET and HEAD followed at most. */
  maxRedirects?: number;
  /** Which addresses may be connected to: public ones only unless ALLOW_PRIVATE_WEBHOOKS. */
  policy?: AddressPolicy;
  /** The DNS used when connecting; tests answer what an attacker's DNS would. */
  resolve?: Resolver;
  /**
   * TLS of every connection this client opens: a client certificate and its key (mutual TLS, as PSPs of
   * the API Pix require) and the authorities trusted besides the system's. A client with a certificate is
   * made for one service only, so the certificate is never shown to another server.
   */
  tls?: OutboundTls;
}

export interface OutboundTls {
  /** PEM certificate chain presented to the server. */
  cert?: string | Buffer;
  /** PEM private key of that certificate. */
  key?: string | Buffer;
  /** PEM certificate authorities trusted for the server's certificate, added to Node's own list. */
  ca?: string | Buffer;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 3;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
/** Headers that never travel to another origin on a redirect. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

export function createOutboundFetch({
  userAgent,
  defaultTimeoutMs,
  maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES,
  maxRedirects = DEFAULT_MAX_REDIRECTS,
  policy = publicAddressesOnly,
  resolve,
  tls,
}: OutboundFetchOptions): OutboundClient {
  const agent = new Agent({ connect: { lookup: guardedLookup({ policy, resolve }), ...tlsOptions(tls) } });

  const outbound = async (input: Parameters<OutboundFetch>[0], init: RequestInit = {}): Promise<Response> => {
    let url: URL;
    if (input instanceof Request) {
      if (input.body) throw new TypeError('Passe o corpo em init, não num Request.');
      url = new URL(input.url);
      init = { method: input.method, headers: input.headers, ...init };
    } else {
      url = new URL(String(input));
    }
    const headers = new Headers(init.headers);
    if (!headers.has('user-agent')) headers.set('user-agent', userAgent);
    const timeout = AbortSignal.timeout(defaultTimeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const method = (init.method ?? 'GET').toUpperCase();
    const follows = method === 'GET' || method === 'HEAD';

    for (let hop = 0; ; hop += 1) {
      checkOutboundUrl(url, policy);
      let response: Awaited<ReturnType<typeof undiciFetch>>;
      try {
        response = await undiciFetch(url, {
          ...(init as UndiciRequestInit),
          method,
          headers: [...headers],
          signal,
          redirect: 'manual',
          dispatcher: agent,
        });
      } catch (error) {
        // undici reports a refused lookup as TypeError('fetch failed') caused by our error.
        const cause = (error as { cause?: unknown }).cause;
        throw cause instanceof OutboundError ? cause : error;
      }
      const location = response.headers.get('location');
      if (follows && REDIRECTS.has(response.status) && location) {
        await response.body?.cancel().catch(() => undefined);
        if (hop >= maxRedirects) throw outboundErrors.tooManyRedirects(maxRedirects);
        const next = new URL(location, url);
        if (next.origin !== url.origin) for (const name of CREDENTIAL_HEADERS) headers.delete(name);
        url = next;
        continue;
      }
      return capped(response, maxResponseBytes);
    }
  };
  return Object.assign(outbound as OutboundFetch, { close: () => agent.close() });
}

function tlsOptions(tls: OutboundTls | undefined) {
  if (!tls) return {};
  return {
    ...(tls.cert ? { cert: tls.cert } : {}),
    ...(tls.key ? { key: tls.key } : {}),
    // Extra authorities come on top of Node's list, so public servers stay trusted.
    ...(tls.ca ? { ca: [...rootCertificates, String(tls.ca)] } : {}),
  };
}

/** The answer with a body that fails once more than `limit` bytes have come. */
function capped(response: Awaited<ReturnType<typeof undiciFetch>>, limit: number): Response {
  const init = { status: response.status, statusText: response.statusText, headers: new Headers([...response.headers]) };
  if (!response.body || NULL_BODY.has(response.status)) return new Response(null, init);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    void response.body.cancel().catch(() => undefined);
    throw outboundErrors.responseTooLarge(limit);
  }
  let seen = 0;
  const counted = (response.body as ReadableStream<Uint8Array>).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(outboundErrors.responseTooLarge(limit));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(counted, init);
}
