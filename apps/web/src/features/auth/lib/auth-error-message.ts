import { authErrorMessages, connectionErrorMessage } from '@vitrine/domain/auth-messages';
import { twoFactorErrorMessages } from '@vitrine/domain/two-factor-messages';
import type { WriteOutcome } from '@/components/form/write-outcome';
import { ApiError } from '@/lib/api-client';

/** The PRO validation step failed in a way nobody planned for. */
export const VALIDATION_UNEXPECTED_MESSAGE = 'Erro inesperado na validação. Tente novamente.';
/** Signed in, but asking the server who is signed in failed. */
export const ACCESS_CHECK_FAILED_MESSAGE = 'Erro na verificação de acesso. Tente novamente.';

/** The server answered, but not with the shape the contract promises. */
export class UnexpectedAnswerError extends Error {
  constructor() {
    super('resposta inesperada do servidor');
    this.name = 'UnexpectedAnswerError';
  }
}

/** The sign-in went through, but the access check right after it (/api/access/me) did not. */
export class AccessCheckError extends Error {
  constructor(cause?: unknown) {
    super('falha na verificação de acesso', { cause });
    this.name = 'AccessCheckError';
  }
}

/**
 * The auth message mapping: known codes get the product's Portuguese text
 * (including the PRO lookup failing, 'access.pro_check_failed'); a server failure without a usable
 * answer (a 500, a body that is not our error shape, a malformed success) is an unexpected failure
 * of the validation; the access check after sign-in has its own text; no answer at all is the
 * connection message; any other refusal keeps the server's own (pt-BR) message.
 */
export function authErrorMessage(error: unknown): string {
  if (error instanceof AccessCheckError) return ACCESS_CHECK_FAILED_MESSAGE;
  if (error instanceof UnexpectedAnswerError) return VALIDATION_UNEXPECTED_MESSAGE;
  if (error instanceof ApiError) {
    if (error.isNetworkError) return connectionErrorMessage;
    const known = authErrorMessages[error.code] ?? twoFactorErrorMessages[error.code];
    if (known) return known;
    // 'http_<status>': the answer carried no error of ours (a proxy page, a crash, an empty body).
    if (error.code.startsWith('http_') || error.status === 500) return VALIDATION_UNEXPECTED_MESSAGE;
    return error.message;
  }
  return connectionErrorMessage;
}

/** A refused or failed auth step, as the form primitive keeps it: its notice says the message; what was typed stays. */
export const authFailure = (error: unknown): WriteOutcome => ({ ok: false, title: 'Não foi possível continuar', description: authErrorMessage(error) });
