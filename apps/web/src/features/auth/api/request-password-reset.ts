import { useMutation } from '@tanstack/react-query';
import { accessContract } from '@vitrine/domain/access.contract';
import { forgotPasswordResultSchema, type ForgotPasswordInput } from '@vitrine/domain/auth';
import { callEndpoint } from '@/lib/api-client';
import { UnexpectedAnswerError } from '../lib/auth-error-message';

/** 'Esqueci minha senha': the same answer whether or not the e-mail has an account. */
export async function requestPasswordReset(input: ForgotPasswordInput) {
  const parsed = forgotPasswordResultSchema.safeParse(await callEndpoint(accessContract.forgotPassword, { body: input }));
  if (!parsed.success) throw new UnexpectedAnswerError();
  return parsed.data;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
