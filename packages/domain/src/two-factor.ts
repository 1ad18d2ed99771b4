// Two-factor sign-in for admins: time-based codes (TOTP, RFC 6238) from an authenticator app and
// one-time recovery codes, through better-auth's two-factor plugin. Limits and Portuguese texts.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth.ts';
import { RECOVERY_CODE_LENGTH, TOTP_DIGITS } from './two-factor-messages.ts';

export * from './two-factor-messages.ts';

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

const currentPasswordSchema = z.string({ error: 'Informe sua senha' }).min(1, 'Informe sua senha').max(PASSWORD_MAX_LENGTH, 'Senha muito longa');

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

/** The key typed by hand into an authenticator app: the `secret` parameter of the otpauth URI. */
export function totpSecretOf(totpURI: string): string | null {
  const found = /[?&]secret=([^&#]+)/.exec(totpURI);
  return found ? decodeURIComponent(found[1]!) : null;
}
