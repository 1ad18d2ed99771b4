import { useMutation } from '@tanstack/react-query';
import { forgotPasswordResultSchema, type ForgotPasswordInput } from '@vitrine/domain/auth';
import { api } from '@/lib/api-client';
import { UnexpectedAnswerError } from '../lib/auth-error-message';

/** 'Esqueci minha senha': the same answer whether or not the e-mail has an account. */
export async function requestPasswordReset(input: ForgotPasswordInput) {
  const parsed = forgotPasswordResultSchema.safeParse(await api.post<unknown>('/api/auth/forgot-password', input));
  if (!parsed.success) throw new UnexpectedAnswerError();
  return parsed.data;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
