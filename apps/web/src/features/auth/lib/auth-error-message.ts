import { authErrorMessages, connectionErrorMessage } from '@vitrine/domain/auth';
import { ApiError } from '@/lib/api-client';

/**
 * The auth message mapping of public-site.md §8: known codes get the specification's text, any other
 * error its own (pt-BR) message, and an unexpected failure the connection message.
 */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return connectionErrorMessage;
    return authErrorMessages[error.code] ?? error.message;
  }
  return connectionErrorMessage;
}
