import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContentContract } from '@vitrine/domain/content-admin.contract';
import { callEndpoint } from '@/lib/api-client';

export function markContactMessage({ id, read }: { id: string; read: boolean }) {
  return callEndpoint(adminContentContract.markContactMessage, { params: { id }, body: { read } });
}

/** Marks a message read or unread; the inbox is read again either way. */
export function useMarkContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markContactMessage, onSettled: () => queryClient.invalidateQueries({ queryKey: ['contact_messages'] }) });
}
