import { useQuery } from '@tanstack/react-query';
import { adminCustomersContract } from '@vitrine/domain/customers.contract';
import { callEndpoint } from '@/lib/api-client';
import { customersKey } from './get-customers';

/** One customer: contact, subscriptions and the Minha assinatura links still open. */
export function useCustomer(id: string | null) {
  return useQuery({
    queryKey: [...customersKey, 'detail', id],
    queryFn: ({ signal }) => callEndpoint(adminCustomersContract.detail, { params: { id: id! } }, { signal }),
    enabled: id !== null,
  });
}
