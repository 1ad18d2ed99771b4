import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPaymentsContract } from '@vitrine/domain/payments.contract';
import { callEndpoint } from '@/lib/api-client';

/** Marks a PIX received by hand (audited), with its end-to-end id when the admin has it. */
export function markPaymentReceived({ id, endToEndId }: { id: string; endToEndId?: string }) {
  return callEndpoint(adminPaymentsContract.markReceived, { params: { id }, body: { endToEndId } });
}

/** The payments (list and summary) are read again once it ends, marked or refused. */
export function useMarkPaymentReceived() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markPaymentReceived, onSettled: () => queryClient.invalidateQueries({ queryKey: ['payments'] }) });
}
