// The one way the web app talks to the API: through an endpoint's shared contract (its path and
// types), JSON in and out, the session cookie, a 30 s timeout, and errors as ApiError with the
// server's stable code and pt-BR message.
import type { EndpointDefinition, EndpointInput, EndpointResponse } from '@vitrine/domain/contracts';
import { endpointUrl } from '@vitrine/domain/endpoint-url';
import { nextTask } from './next-task';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when the request never got an answer (offline, DNS, timeout). */
  get isNetworkError() {
    return this.status === 0;
  }
}

const TIMEOUT_MS = 30_000;

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
  timeoutMs?: number;
}

async function apiRequest<T>(path: string, { body, timeoutMs = TIMEOUT_MS, headers, ...init }: RequestOptions = {}): Promise<T> {
  // Each request is made in a task of its own: a page coming to life asks for several answers from one
  // task (its components' effects), and making a request is a few milliseconds of the main thread.
  await nextTask();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      signal,
      headers: {
        accept: 'application/json',
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiError(0, 'network_error', 'Erro de conexão. Verifique sua internet e tente novamente.');
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 204) return undefined as T;
  const isJson = response.headers.get('content-type')?.includes('application/json');
  const payload: unknown = isJson ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) {
    const error = (payload as { error?: { code?: string; message?: string; details?: unknown } } | undefined)?.error;
    throw new ApiError(response.status, error?.code ?? `http_${response.status}`, error?.message ?? 'Erro inesperado. Tente novamente.', error?.details);
  }
  return payload as T;
}

export type CallOptions = Omit<RequestOptions, 'body' | 'method'>;

type CallArgs<E extends EndpointDefinition> =
  Record<string, never> extends EndpointInput<E> ? [input?: EndpointInput<E>, options?: CallOptions] : [input: EndpointInput<E>, options?: CallOptions];

/**
 * Calls an endpoint by its contract: the path's params are filled and encoded, the query string is
 * built from `query`, and `body` is sent as JSON (or as it is, for a FormData upload). The answer
 * is typed by the contract's success response.
 */
export function callEndpoint<E extends EndpointDefinition>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<EndpointResponse<E>> {
  const { params, query, body } = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  return apiRequest<EndpointResponse<E>>(endpointUrl(endpoint, { params, query }), {
    ...options,
    method: endpoint.method,
    // POST, PUT and PATCH always send a JSON body, even an empty one.
    body: body ?? (endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {}),
  });
}

export { endpointUrl };
