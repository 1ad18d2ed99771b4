import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCustomersContract } from '@vitrine/domain/customers.contract';
import { callEndpoint } from '@/lib/api-client';
import { customersKey } from './get-customers';

/** A revoked link stops opening Minha assinatura at once. */
export function useRevokeAccessLink(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => callEndpoint(adminCustomersContract.revokeAccessLink, { params: { id: customerId, linkId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...customersKey, 'detail', customerId] }),
  });
}
