import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { adminShortcutActionsContract } from '@vitrine/domain/chat-admin.contract';
import { callEndpoint } from '@/lib/api-client';

/** Saves the order of the shortcuts, first to last; the server numbers them from 1. */
export function reorderShortcuts(ids: string[]) {
  return callEndpoint(adminShortcutActionsContract.reorder, { body: { ids } });
}

type ReorderOptions<Undo> = Omit<UseMutationOptions<Awaited<ReturnType<typeof reorderShortcuts>>, Error, string[], Undo>, 'mutationKey' | 'mutationFn'>;

/**
 * `options` show the new order at once and undo it on a failure (the admin list's optimistic update); the
 * admin's shortcut lists are read again once the save ends.
 */
export function useReorderShortcuts<Undo>({ onSettled, ...options }: ReorderOptions<Undo> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shortcuts', 'reorder'],
    mutationFn: reorderShortcuts,
    ...options,
    onSettled: async (...settled) => {
      await onSettled?.(...settled);
      await queryClient.invalidateQueries({ queryKey: ['shortcuts', 'admin'] });
    },
  });
}
