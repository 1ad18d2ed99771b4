import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPaymentsContract } from '@vitrine/domain/payments.contract';
import { callEndpoint } from '@/lib/api-client';

export const paymentsSummaryQueryOptions = queryOptions({
  queryKey: ['payments', 'admin', 'summary'],
  queryFn: ({ signal }) => callEndpoint(adminPaymentsContract.summary, {}, { signal }),
});

/** What was received and what is waiting, and whether a PSP confirms payments by itself. */
export function usePaymentsSummary() {
  return useQuery(paymentsSummaryQueryOptions);
}
