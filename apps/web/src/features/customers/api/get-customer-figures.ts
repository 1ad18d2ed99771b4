import { useQuery } from '@tanstack/react-query';
import { adminCustomersContract } from '@vitrine/domain/customers.contract';
import { callEndpoint } from '@/lib/api-client';
import { customersKey } from './get-customers';

/** The figures a shop watches: active subscriptions, monthly recurring revenue, renewals, cancellations, revenue due. */
export function useCustomerFigures() {
  return useQuery({
    queryKey: [...customersKey, 'figures'],
    queryFn: ({ signal }) => callEndpoint(adminCustomersContract.figures, {}, { signal }),
  });
}
