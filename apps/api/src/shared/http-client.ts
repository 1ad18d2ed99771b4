// The one way modules call outside services over HTTP (TMDB, a language model): our User-Agent on
// every request and a time limit for calls that bring none of their own. Webhooks to addresses that
// admins type go through the webhook sender instead, which also guards against internal addresses.
export type OutboundFetch = typeof fetch;

export interface OutboundFetchOptions {
  userAgent: string;
  /** Applied when the caller passes no AbortSignal. */
  defaultTimeoutMs: number;
  fetchImpl?: typeof fetch;
}

export function createOutboundFetch({ userAgent, defaultTimeoutMs, fetchImpl = globalThis.fetch }: OutboundFetchOptions): OutboundFetch {
  return (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('user-agent')) headers.set('user-agent', userAgent);
    return fetchImpl(input, { ...init, headers, signal: init.signal ?? AbortSignal.timeout(defaultTimeoutMs) });
  };
}
