import { useMutation } from '@tanstack/react-query';
import { customersContract } from '@vitrine/domain/customers.contract';
import { callEndpoint } from '@/lib/api-client';

/** 'Renovar com PIX': a charge for the same plan and period at today's price. */
export function useRenewSubscription() {
  return useMutation({
    mutationFn: (token: string) => callEndpoint(customersContract.renew, { body: { token } }),
  });
}
