import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCustomersContract } from '@vitrine/domain/customers.contract';
import { callEndpoint } from '@/lib/api-client';
import { customersKey } from './get-customers';

/** A cancelled subscription stays on record as cancelada and gets no more reminders. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: string) => callEndpoint(adminCustomersContract.cancelSubscription, { params: { id: subscriptionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customersKey }),
  });
}
