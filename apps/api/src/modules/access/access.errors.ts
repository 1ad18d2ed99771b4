// better-auth answers in English with its own codes; our API answers with a stable code and the pt-BR text
// the browser shows.
import { authErrorCodes, authErrorMessages } from '@vitrine/domain/auth';
import { twoFactorErrorCodes, twoFactorErrorMessages } from '@vitrine/domain/two-factor';
import { AppError } from '../../shared/errors.ts';
import { TOTP_CODE_USED } from './totp-once.ts';

/** Error codes our better-auth before-hook raises (auth.ts); the routes bridge maps them to pt-BR messages. */
export const NOT_PRO = 'NOT_PRO';
export const PRO_CHECK_FAILED = 'PRO_CHECK_FAILED';
export const USER_ALREADY_EXISTS = 'USER_ALREADY_EXISTS';

/** An access error with its stable code, status and the pt-BR text the web shows for that code. */
export const authError = (code: (typeof authErrorCodes)[keyof typeof authErrorCodes], status: number) =>
  new AppError(code, status, authErrorMessages[code] ?? 'Não foi possível concluir a autenticação. Tente novamente.');

export const notPro = () => authError(authErrorCodes.notPro, 403);
export const userExists = () => authError(authErrorCodes.userExists, 409);
export const invitationPending = () => authError(authErrorCodes.invitationPending, 409);
export const invalidLink = () => authError(authErrorCodes.invalidLink, 400);
export const invalidResetLink = () => authError(authErrorCodes.invalidResetLink, 400);
// 400, not 401: nobody is signed out by it, the form just asks again.
export const wrongSignupPassword = () => authError(authErrorCodes.wrongSignupPassword, 400);

/** The pro_users lookup failed (database error): say so, and keep the cause for the log. */
export function proCheckFailed(cause?: unknown): AppError {
  const error = authError(authErrorCodes.proCheckFailed, 503);
  if (cause !== undefined) error.cause = cause;
  return error;
}

const byBetterAuthCode: Record<string, { code: string; status?: number }> = {
  [NOT_PRO]: { code: authErrorCodes.notPro, status: 403 },
  [PRO_CHECK_FAILED]: { code: authErrorCodes.proCheckFailed, status: 503 },
  INVALID_EMAIL_OR_PASSWORD: { code: authErrorCodes.invalidCredentials, status: 401 },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { code: authErrorCodes.invalidCredentials, status: 401 },
  [USER_ALREADY_EXISTS]: { code: authErrorCodes.userExists, status: 409 },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: authErrorCodes.userExists, status: 409 },
  EMAIL_NOT_VERIFIED: { code: authErrorCodes.emailNotConfirmed, status: 403 },
};

// better-auth answers a wrong code with 401; ours is 400: the session (if any) stays, the form asks again.
const byTwoFactorCode: Record<string, { code: string; status: number }> = {
  INVALID_CODE: { code: twoFactorErrorCodes.invalidCode, status: 400 },
  [TOTP_CODE_USED]: { code: twoFactorErrorCodes.codeUsed, status: 400 },
  INVALID_BACKUP_CODE: { code: twoFactorErrorCodes.invalidRecoveryCode, status: 400 },
  INVALID_TWO_FACTOR_COOKIE: { code: twoFactorErrorCodes.challengeExpired, status: 401 },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { code: twoFactorErrorCodes.tooManyAttempts, status: 429 },
  ACCOUNT_TEMPORARILY_LOCKED: { code: twoFactorErrorCodes.locked, status: 429 },
  TOTP_ALREADY_ENABLED: { code: twoFactorErrorCodes.alreadyEnabled, status: 409 },
  TOTP_NOT_ENABLED: { code: twoFactorErrorCodes.notEnabled, status: 409 },
  TWO_FACTOR_NOT_ENABLED: { code: twoFactorErrorCodes.notEnabled, status: 409 },
  BACKUP_CODES_NOT_ENABLED: { code: twoFactorErrorCodes.notEnabled, status: 409 },
  INVALID_PASSWORD: { code: twoFactorErrorCodes.wrongPassword, status: 400 },
  SESSION_NOT_FRESH: { code: twoFactorErrorCodes.sessionNotFresh, status: 403 },
};

const otherMessages: Record<string, { status: number; code: string; message: string }> = {
  PASSWORD_TOO_SHORT: { status: 400, code: 'validation_error', message: 'Senha deve ter pelo menos 6 caracteres' },
  PASSWORD_TOO_LONG: { status: 400, code: 'validation_error', message: 'Senha muito longa' },
  INVALID_EMAIL: { status: 400, code: 'validation_error', message: 'Formato de e-mail inválido' },
};

export function authErrorFromResponse(status: number, body: unknown, retryAfterSeconds?: number): AppError {
  const code = typeof body === 'object' && body !== null && 'code' in body ? String((body as { code: unknown }).code) : '';
  const twoFactor = byTwoFactorCode[code];
  if (twoFactor) return new AppError(twoFactor.code, twoFactor.status, twoFactorErrorMessages[twoFactor.code]!);
  if (status === 429) {
    const seconds = Math.max(1, retryAfterSeconds ?? 60);
    return new AppError(authErrorCodes.rateLimited, 429, `Muitas tentativas. Aguarde ${seconds} segundos e tente novamente.`);
  }
  const known = byBetterAuthCode[code];
  if (known) return new AppError(known.code, known.status ?? status, authErrorMessages[known.code]!);
  const other = otherMessages[code];
  if (other) return new AppError(other.code, other.status, other.message);
  if (status >= 500) return new AppError(authErrorCodes.temporary, 503, authErrorMessages[authErrorCodes.temporary]!);
  if (status === 401) return new AppError('auth.unauthenticated', 401, 'Faça login para continuar.');
  if (status === 403) return new AppError('auth.forbidden', 403, 'Acesso negado.');
  return new AppError('auth.request_refused', status >= 400 && status < 500 ? status : 400, 'Não foi possível concluir a autenticação. Tente novamente.');
}
