import { useMutation } from '@tanstack/react-query';
import type { Credentials } from '@vitrine/domain/auth';
import { api } from '@/lib/api-client';

/** Creates an unconfirmed account; the server mails the confirmation link (it lands on /). */
export const signUp = (credentials: Credentials) =>
  api.post<{ created: true; email: string }>('/api/auth/sign-up/email', credentials);

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
