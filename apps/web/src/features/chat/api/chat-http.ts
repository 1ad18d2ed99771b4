// Requests of the chat that the JSON client does not cover: multipart files and the streamed answer.
import { ApiError } from '@/lib/api-client';

const NETWORK_ERROR = 'Erro de conexão. Verifique sua internet e tente novamente.';

/** fetch, with a lost connection turned into the app's network ApiError. */
export async function chatFetch(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { credentials: 'same-origin', ...init });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiError(0, 'network_error', NETWORK_ERROR);
  }
}

/** The API's `{ error: { code, message } }` of a refused request, as an ApiError. */
export async function errorOf(response: Response): Promise<ApiError> {
  const payload = (await response.json().catch(() => undefined)) as { error?: { code?: string; message?: string; details?: unknown } } | undefined;
  return new ApiError(
    response.status,
    payload?.error?.code ?? `http_${response.status}`,
    payload?.error?.message ?? 'Erro inesperado. Tente novamente.',
    payload?.error?.details,
  );
}
