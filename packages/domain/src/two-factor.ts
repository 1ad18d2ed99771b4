// Two-factor sign-in for admins: time-based codes (TOTP, RFC 6238) from an authenticator app and
// one-time recovery codes, through better-auth's two-factor plugin. Limits and Portuguese texts.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth.ts';

/** Digits of an authenticator code. */
export const TOTP_DIGITS = 6;
/** A recovery code is 10 letters and digits, shown as `xxxxx-xxxxx`. */
export const RECOVERY_CODE_LENGTH = 10;
/** How many recovery codes enrolment (and each regeneration) gives. */
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes one sign-in may try before the e-mail and password must be typed again. */
export const CODE_ATTEMPTS_PER_SIGN_IN = 5;
/** Consecutive wrong codes at sign-in before the account's second step is locked, and for how long. */
export const CODE_FAILURES_BEFORE_LOCK = 10;
export const CODE_LOCK_MINUTES = 15;
/** Minutes between the password and the code before the sign-in starts over. */
export const SECOND_STEP_MINUTES = 10;

export const totpCodeSchema = z
  .string({ error: 'Informe o código' })
  .trim()
  .regex(/^\d+$/, 'O código tem só números')
  .length(TOTP_DIGITS, `O código tem ${TOTP_DIGITS} dígitos`);

/** Accepts the code with or without its dash (letters keep their case); answers `xxxxx-xxxxx`, as stored. */
export const recoveryCodeSchema = z
  .string({ error: 'Informe o código de recuperação' })
  .trim()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]+$/, 'O código de recuperação tem só letras e números')
      .length(RECOVERY_CODE_LENGTH, `O código de recuperação tem ${RECOVERY_CODE_LENGTH} caracteres (ex.: ab12C-3De45)`),
  )
  .transform((value) => `${value.slice(0, 5)}-${value.slice(5)}`);

const currentPasswordSchema = z
  .string({ error: 'Informe sua senha' })
  .min(1, 'Informe sua senha')
  .max(PASSWORD_MAX_LENGTH, 'Senha muito longa');

export const twoFactorEnableInputSchema = z.strictObject({ password: currentPasswordSchema });
export const twoFactorEnableResultSchema = z.object({
  /** `otpauth://totp/...`: shown as a QR code; its `secret` parameter is the key typed by hand. */
  totpURI: z.string(),
  /** Shown once: only their encrypted copies are kept. */
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorEnableResult = z.infer<typeof twoFactorEnableResultSchema>;

export const twoFactorCodeInputSchema = z.strictObject({ code: totpCodeSchema });
export const twoFactorRecoveryInputSchema = z.strictObject({ code: recoveryCodeSchema });
/** The second step of a sign-in, or the first code after enrolment (which turns two-factor on). */
export const twoFactorVerifyResultSchema = z.object({ verified: z.literal(true), email: z.string(), twoFactorEnabled: z.literal(true) });

/** Turning two-factor off takes the password and a current code (authenticator or recovery). */
export const twoFactorDisableInputSchema = z.strictObject({
  password: currentPasswordSchema,
  code: z.union([totpCodeSchema, recoveryCodeSchema], { error: 'Informe o código de 6 dígitos do aplicativo ou um código de recuperação' }),
});
export const twoFactorDisableResultSchema = z.object({ twoFactorEnabled: z.literal(false) });

export const twoFactorRegenerateInputSchema = z.strictObject({ password: currentPasswordSchema });
export const twoFactorRegenerateResultSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** Error codes of the two-factor endpoints and the guard of REQUIRE_TWO_FACTOR, with their texts. */
export const twoFactorErrorCodes = {
  invalidCode: 'two_factor.invalid_code',
  invalidRecoveryCode: 'two_factor.invalid_recovery_code',
  challengeExpired: 'two_factor.challenge_expired',
  tooManyAttempts: 'two_factor.too_many_attempts',
  locked: 'two_factor.locked',
  alreadyEnabled: 'two_factor.already_enabled',
  notEnabled: 'two_factor.not_enabled',
  wrongPassword: 'two_factor.wrong_password',
  sessionNotFresh: 'two_factor.session_not_fresh',
  required: 'two_factor_required',
} as const;

export const twoFactorErrorMessages: Record<string, string> = {
  [twoFactorErrorCodes.invalidCode]: 'Código inválido. Confira o código de 6 dígitos no aplicativo autenticador e tente de novo.',
  [twoFactorErrorCodes.invalidRecoveryCode]: 'Código de recuperação inválido ou já usado.',
  [twoFactorErrorCodes.challengeExpired]: `A verificação expirou (${SECOND_STEP_MINUTES} minutos) ou já foi usada. Entre com email e senha novamente.`,
  [twoFactorErrorCodes.tooManyAttempts]: `Muitos códigos inválidos (${CODE_ATTEMPTS_PER_SIGN_IN}). Entre com email e senha novamente.`,
  [twoFactorErrorCodes.locked]: `Muitos códigos inválidos seguidos. A verificação em duas etapas desta conta está bloqueada por até ${CODE_LOCK_MINUTES} minutos.`,
  [twoFactorErrorCodes.alreadyEnabled]: 'A verificação em duas etapas já está ativa nesta conta.',
  [twoFactorErrorCodes.notEnabled]: 'A verificação em duas etapas não está ativa nesta conta.',
  [twoFactorErrorCodes.wrongPassword]: 'Senha incorreta.',
  [twoFactorErrorCodes.sessionNotFresh]: 'Por segurança, saia e entre novamente antes de desativar a verificação em duas etapas.',
  [twoFactorErrorCodes.required]: 'A verificação em duas etapas é obrigatória para administradores. Ative-a para continuar.',
};

/** The key typed by hand into an authenticator app: the `secret` parameter of the otpauth URI. */
export function totpSecretOf(totpURI: string): string | null {
  const found = /[?&]secret=([^&#]+)/.exec(totpURI);
  return found ? decodeURIComponent(found[1]!) : null;
}
