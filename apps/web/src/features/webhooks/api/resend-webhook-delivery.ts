import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContract } from '@vitrine/domain/admin.contract';
import { callEndpoint } from '@/lib/api-client';

/** Queues a delivery to be sent again. */
export function resendWebhookDelivery(id: string) {
  return callEndpoint(adminContract.resendWebhookDelivery, { params: { id } });
}

/** The log is read again once it ends, queued or refused. */
export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendWebhookDelivery, onSettled: () => queryClient.invalidateQueries({ queryKey: ['webhook_deliveries'] }) });
}
