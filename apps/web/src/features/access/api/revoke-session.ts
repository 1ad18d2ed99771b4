import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContract } from '@vitrine/domain/admin.contract';
import { callEndpoint } from '@/lib/api-client';

/** Signs a session out. */
export function revokeSession(id: string) {
  return callEndpoint(adminContract.revokeSession, { params: { id } });
}

/** The sessions are read again once it ends, ended or refused. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeSession, onSettled: () => queryClient.invalidateQueries({ queryKey: ['sessions'] }) });
}
