import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accessContract } from '@vitrine/domain/access.contract';
import { callEndpoint } from '@/lib/api-client';
import { sessionQueryKey, signedOut } from './get-session';

/** Ends the session on the server (the cookie stops working everywhere at once). */
export const signOut = () => callEndpoint(accessContract.signOut);

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      queryClient.setQueryData(sessionQueryKey, signedOut);
      // Drop everything fetched with the session, so no admin data lingers in memory.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
