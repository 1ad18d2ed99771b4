// Two-factor sign-in's numbers, error codes and Portuguese texts, without schemas: the header's sign-out
// and the first load read them, and importing the schemas would bring Zod into every page's first load.
// two-factor.ts re-exports them with the schemas.

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

/** Error codes of the two-factor endpoints and the guard of REQUIRE_TWO_FACTOR, with their texts. */
export const twoFactorErrorCodes = {
  invalidCode: 'two_factor.invalid_code',
  codeUsed: 'two_factor.code_used',
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
  [twoFactorErrorCodes.codeUsed]: 'Este código já foi usado. Aguarde o próximo código no aplicativo autenticador e tente de novo.',
  [twoFactorErrorCodes.invalidRecoveryCode]: 'Código de recuperação inválido ou já usado.',
  [twoFactorErrorCodes.challengeExpired]: `A verificação expirou (${SECOND_STEP_MINUTES} minutos) ou já foi usada. Entre com e-mail e senha novamente.`,
  [twoFactorErrorCodes.tooManyAttempts]: `Muitos códigos inválidos (${CODE_ATTEMPTS_PER_SIGN_IN}). Entre com e-mail e senha novamente.`,
  [twoFactorErrorCodes.locked]: `Muitos códigos inválidos seguidos. A verificação em duas etapas desta conta está bloqueada por até ${CODE_LOCK_MINUTES} minutos.`,
  [twoFactorErrorCodes.alreadyEnabled]: 'A verificação em duas etapas já está ativa nesta conta.',
  [twoFactorErrorCodes.notEnabled]: 'A verificação em duas etapas não está ativa nesta conta.',
  [twoFactorErrorCodes.wrongPassword]: 'Senha incorreta.',
  [twoFactorErrorCodes.sessionNotFresh]: 'Por segurança, saia e entre novamente antes de desativar a verificação em duas etapas.',
  [twoFactorErrorCodes.required]: 'A verificação em duas etapas é obrigatória para administradores. Ative-a para continuar.',
};
