import { useMutation } from '@tanstack/react-query';
import { accessContract } from '@vitrine/domain/access.contract';
import { signUpResultSchema, type Credentials } from '@vitrine/domain/auth';
import { callEndpoint } from '@/lib/api-client';
import { UnexpectedAnswerError } from '../lib/auth-error-message';

/**
 * Asks for a sign-up: the server mails a link that opens /auth/confirmar, where the same password
 * must be typed again before the account exists.
 */
export async function signUp(credentials: Credentials) {
  const parsed = signUpResultSchema.safeParse(await callEndpoint(accessContract.signUp, { body: credentials }));
  if (!parsed.success) throw new UnexpectedAnswerError();
  return parsed.data;
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
