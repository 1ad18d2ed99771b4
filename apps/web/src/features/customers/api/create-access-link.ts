import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCustomersContract } from '@vitrine/domain/customers.contract';
import { callEndpoint } from '@/lib/api-client';
import { customersKey } from './get-customers';

/** A Minha assinatura link for one of the customer's subscriptions: its address comes in this answer only. */
export function useCreateAccessLink(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: string) => callEndpoint(adminCustomersContract.createAccessLink, { params: { id: customerId }, body: { subscriptionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...customersKey, 'detail', customerId] }),
  });
}
