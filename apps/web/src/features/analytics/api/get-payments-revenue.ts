import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPaymentsContract } from '@vitrine/domain/payments.contract';
import { callEndpoint } from '@/lib/api-client';

/** The same query as Pagamentos' summary (features/payments, same key), so both show one answer. */
export const paymentsRevenueQueryOptions = queryOptions({
  queryKey: ['payments', 'admin', 'summary'],
  queryFn: ({ signal }) => callEndpoint(adminPaymentsContract.summary, {}, { signal }),
});

/** Paid revenue (all time and the last 30 days) and charges waiting. */
export function usePaymentsRevenue() {
  return useQuery(paymentsRevenueQueryOptions);
}
