// Sign-in and sign-up contract (public-site.md §5): one schema for the /auth form and the API.
import './zod-locale.ts';
import { z } from 'zod';

export const authMessages = {
  emailRequired: 'Email é obrigatório',
  emailFormat: 'Formato de email inválido',
  emailDomain: 'Email deve conter um domínio válido',
  passwordMin: 'Senha deve ter pelo menos 6 caracteres',
  passwordMax: 'Senha muito longa',
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
});
export type AccessMe = z.infer<typeof accessMeSchema>;

export const signInResultSchema = z.object({ signedIn: z.literal(true), email: z.string() });
export const signUpResultSchema = z.object({ created: z.literal(true), email: z.string() });
export const signOutResultSchema = z.object({ signedOut: z.literal(true) });

/** Stable error codes of the access API; the web maps them to the texts of public-site.md §8. */
export const authErrorCodes = {
  notPro: 'auth.not_pro',
  invalidCredentials: 'auth.invalid_credentials',
  userExists: 'auth.user_exists',
  emailNotConfirmed: 'auth.email_not_confirmed',
  temporary: 'auth.temporary_failure',
  rateLimited: 'rate_limited',
} as const;

export const authErrorMessages: Record<string, string> = {
  [authErrorCodes.notPro]: 'Email não autorizado para acesso PRO. Verifique com o administrador.',
  [authErrorCodes.invalidCredentials]: 'Email ou senha incorretos. Verifique suas credenciais.',
  [authErrorCodes.userExists]: 'Este email já possui uma conta. Tente fazer login.',
  [authErrorCodes.emailNotConfirmed]: 'Verifique sua caixa de entrada e confirme seu email.',
  [authErrorCodes.temporary]: 'Problema temporário no servidor. Tente novamente em alguns minutos.',
};

export const connectionErrorMessage = 'Erro de conexão. Verifique sua internet e tente novamente.';

export const proUserSchema = z.object({
  email: z.string(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ProUser = z.infer<typeof proUserSchema>;

export const proUserInputSchema = z.strictObject({
  email: authEmailSchema,
  isActive: z.boolean({ error: 'Informe se o acesso PRO está ativo' }),
});
export type ProUserInput = z.infer<typeof proUserInputSchema>;
