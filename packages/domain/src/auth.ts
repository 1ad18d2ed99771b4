// Sign-in, sign-up, confirmation, password reset: one schema for the /auth forms and the API.
import './zod-locale.ts';
import { z } from 'zod';

// Error codes and texts, free of schemas: the storefront's first load shows them.
export * from './auth-messages.ts';

export const authMessages = {
  emailRequired: 'E-mail é obrigatório',
  emailFormat: 'Formato de e-mail inválido',
  emailDomain: 'E-mail deve conter um domínio válido',
  passwordMin: 'Senha deve ter pelo menos 6 caracteres',
  passwordMax: 'Senha muito longa',
  passwordConfirmation: 'As senhas não coincidem',
  linkMissing: 'Link inválido ou incompleto. Abra o link exatamente como recebido no e-mail.',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 50;

/** Trims and lower-cases an e-mail, the way pro_users and accounts store it. */
export const normalizeEmail = (value: string) => value.trim().toLowerCase();

/** The first problem with an already-normalised e-mail, or null when it is acceptable. */
export function emailProblem(value: string): string | null {
  if (!value) return authMessages.emailRequired;
  const at = value.lastIndexOf('@');
  if (at <= 0) return authMessages.emailFormat;
  const domain = value.slice(at + 1);
  if (!domain || domain.includes('..')) return authMessages.emailDomain;
  if (value.length > 254 || !z.email().safeParse(value).success) return authMessages.emailFormat;
  return null;
}

export const authEmailSchema = z
  .string({ error: authMessages.emailRequired })
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const authPasswordSchema = z
  .string({ error: authMessages.passwordMin })
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordMin)
  .max(PASSWORD_MAX_LENGTH, authMessages.passwordMax);

export const credentialsSchema = z.strictObject({
  email: authEmailSchema,
  password: authPasswordSchema,
});
export type Credentials = z.infer<typeof credentialsSchema>;

export type EmailIndicator = 'idle' | 'valid' | 'invalid';

/** The live indicator of the e-mail field: idle when empty, then a simple format check. */
export function emailIndicator(value: string): EmailIndicator {
  const email = normalizeEmail(value);
  if (!email) return 'idle';
  return emailProblem(email) === null ? 'valid' : 'invalid';
}

export const accessMeSchema = z.object({
  signedIn: z.boolean(),
  email: z.string().nullable(),
  isPro: z.boolean(),
  /** The signed-in user answers a second factor at sign-in. */
  twoFactorEnabled: z.boolean().optional(),
  /** REQUIRE_TWO_FACTOR is on and this PRO user has not enrolled: admin calls answer two_factor_required. */
  twoFactorRequired: z.boolean().optional(),
});
export type AccessMe = z.infer<typeof accessMeSchema>;

/** `signedIn: false` with `twoFactorRequired`: the password was right, the second step (a code) comes next. */
export const signInResultSchema = z.object({ signedIn: z.boolean(), email: z.string(), twoFactorRequired: z.boolean().optional() });
export const signUpResultSchema = z.object({ created: z.literal(true), email: z.string() });
export const signOutResultSchema = z.object({ signedOut: z.literal(true) });

/** The secret of a mailed link (confirmation or password reset); it travels in POST bodies only. */
export const linkTokenSchema = z.string({ error: authMessages.linkMissing }).min(1, authMessages.linkMissing).max(512, authMessages.linkMissing);

/**
 * What a confirmation link is for: 'signup' asks for the password typed at sign-up (so a password
 * typed by someone else never activates), 'invitation' lets the mailbox owner choose one.
 */
export const pendingKindSchema = z.enum(['signup', 'invitation']);
export type PendingKind = z.infer<typeof pendingKindSchema>;

export const confirmLookupInputSchema = z.strictObject({ token: linkTokenSchema });
export const confirmLookupResultSchema = z.object({ email: z.string(), kind: pendingKindSchema });
export type ConfirmLookupResult = z.infer<typeof confirmLookupResultSchema>;

export const confirmAccountInputSchema = z.strictObject({ token: linkTokenSchema, password: authPasswordSchema });
export type ConfirmAccountInput = z.infer<typeof confirmAccountInputSchema>;
export const confirmAccountResultSchema = z.object({
  confirmed: z.literal(true),
  email: z.string(),
  /** False when the account was activated but the automatic sign-in did not go through. */
  signedIn: z.boolean(),
});
export type ConfirmAccountResult = z.infer<typeof confirmAccountResultSchema>;

export const forgotPasswordInputSchema = z.strictObject({ email: authEmailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;
export const forgotPasswordResultSchema = z.object({ requested: z.literal(true) });

export const resetPasswordInputSchema = z.strictObject({ token: linkTokenSchema, password: authPasswordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;
export const resetPasswordResultSchema = z.object({ reset: z.literal(true), email: z.string(), signedIn: z.boolean() });
export type ResetPasswordResult = z.infer<typeof resetPasswordResultSchema>;

/** The form where a password is chosen (invitation, reset): typed twice. */
export const newPasswordFormSchema = z
  .object({ password: authPasswordSchema, confirmation: z.string() })
  .refine((value) => value.password === value.confirmation, {
    path: ['confirmation'],
    message: authMessages.passwordConfirmation,
  });
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

/** The form of a sign-up confirmation link: the password typed at sign-up. */
export const signupPasswordFormSchema = z.object({ password: authPasswordSchema });
export type SignupPasswordForm = z.infer<typeof signupPasswordFormSchema>;

export const proUserSchema = z.object({
  email: z.string(),
  isActive: z.boolean(),
  /** The account of this e-mail signs in with a second factor (false without an account). */
  twoFactorEnabled: z.boolean().optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ProUser = z.infer<typeof proUserSchema>;

export const proUserInputSchema = z
  .strictObject({
    email: authEmailSchema,
    isActive: z.boolean({ error: 'Informe se o acesso PRO está ativo' }),
    /** Mails a link on which the owner chooses the password (when the e-mail has no account yet). */
    invite: z.boolean({ error: 'Informe se o convite deve ser enviado' }).optional(),
  })
  .refine((value) => !value.invite || value.isActive, { path: ['invite'], message: 'Só é possível convidar um e-mail PRO ativo' });
export type ProUserInput = z.infer<typeof proUserInputSchema>;

export const proUserUpsertResultSchema = proUserSchema.extend({
  /** 'sent': an invitation was mailed; 'account_exists': the e-mail already has an account, nothing was sent. */
  invitation: z.enum(['sent', 'account_exists']).optional(),
  /**
   * Without SMTP the invitation only reaches the outbox: its link, for the inviting admin to pass on.
   * Answered once, to this request only (the server keeps just its hash); a password-reset link never is.
   */
  invitationLink: z.string().optional(),
});
export type ProUserUpsertResult = z.infer<typeof proUserUpsertResultSchema>;
