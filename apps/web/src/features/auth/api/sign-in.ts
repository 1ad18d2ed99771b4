import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Credentials } from '@vitrine/domain/auth';
import { api } from '@/lib/api-client';

export const signIn = (credentials: Credentials) =>
  api.post<{ signedIn: true; email: string }>('/api/auth/sign-in/email', credentials);

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // Everything cached so far was fetched as a visitor: admin views must load again with the session.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
