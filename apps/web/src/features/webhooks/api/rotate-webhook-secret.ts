import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContract } from '@vitrine/domain/admin.contract';
import { callEndpoint } from '@/lib/api-client';

/** A new signing secret for a webhook address: answered once, in full. */
export function rotateWebhookSecret(id: string) {
  return callEndpoint(adminContract.rotateWebhookSecret, { params: { id } });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rotateWebhookSecret, onSettled: () => queryClient.invalidateQueries({ queryKey: ['webhook_endpoints'] }) });
}
