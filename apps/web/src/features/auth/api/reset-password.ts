import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accessContract } from '@vitrine/domain/access.contract';
import { resetPasswordResultSchema, type ResetPasswordInput } from '@vitrine/domain/auth';
import { callEndpoint } from '@/lib/api-client';
import { UnexpectedAnswerError } from '../lib/auth-error-message';

/** Sets the new password with the mailed link; the server ends every other session and signs the owner in. */
export async function resetPassword(input: ResetPasswordInput) {
  const parsed = resetPasswordResultSchema.safeParse(await callEndpoint(accessContract.resetPassword, { body: input }));
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
