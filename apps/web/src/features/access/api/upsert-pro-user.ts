import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accessContract } from '@vitrine/domain/access.contract';
import type { ProUser, ProUserInput } from '@vitrine/domain/auth';
import { callEndpoint } from '@/lib/api-client';

/** Adds a PRO user (with an invitation when asked) or turns one on or off. */
export function upsertProUser(body: ProUserInput) {
  return callEndpoint(accessContract.upsertProUser, { body });
}

/**
 * The change shows at once on every cached page of PRO users and is undone if the server refuses it; the
 * users are read again once it ends.
 */
export function useUpsertProUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['pro_users', 'upsert'],
    mutationFn: upsertProUser,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: ['pro_users'] });
      const snapshot = queryClient.getQueriesData({ queryKey: ['pro_users', 'admin'] });
      queryClient.setQueriesData<{ items: ProUser[] }>({ queryKey: ['pro_users', 'admin'] }, (page) =>
        page ? { ...page, items: page.items.map((user) => (user.email === body.email ? { ...user, isActive: body.isActive } : user)) } : page,
      );
      return { rollback: () => snapshot.forEach(([key, data]) => queryClient.setQueryData(key, data)) };
    },
    onError: (_failure, _body, context) => context?.rollback(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['pro_users'] }),
  });
}
