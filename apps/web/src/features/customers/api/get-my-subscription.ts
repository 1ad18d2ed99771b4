import { useQuery } from '@tanstack/react-query';
import { customersContract } from '@vitrine/domain/customers.contract';
import { callEndpoint } from '@/lib/api-client';

/** Minha assinatura, by the token of the customer's link; read again every `pollMs` while a renewal PIX waits. */
export function useMySubscription(token: string | null, { pollMs }: { pollMs?: number } = {}) {
  return useQuery({
    queryKey: ['my-subscription', token],
    queryFn: ({ signal }) => callEndpoint(customersContract.mySubscription, { query: { token: token! } }, { signal }),
    enabled: token !== null,
    staleTime: 0,
    refetchInterval: pollMs ?? false,
  });
}
