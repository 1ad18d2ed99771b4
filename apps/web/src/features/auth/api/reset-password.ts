import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetPasswordResultSchema, type ResetPasswordInput } from '@vitrine/domain/auth';
import { api } from '@/lib/api-client';
import { UnexpectedAnswerError } from '../lib/auth-error-message';

/** Sets the new password with the mailed link; the server ends every other session and signs the owner in. */
export async function resetPassword(input: ResetPasswordInput) {
  const parsed = resetPasswordResultSchema.safeParse(await api.post<unknown>('/api/auth/reset-password', input));
  if (!parsed.success) throw new UnexpectedAnswerError();
  return parsed.data;
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
