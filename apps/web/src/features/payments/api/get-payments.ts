import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentStatus } from '@vitrine/domain/payments';
import { adminPaymentsContract } from '@vitrine/domain/payments.contract';
import { callEndpoint } from '@/lib/api-client';

export interface PaymentsPage {
  page: number;
  pageSize: number;
  search: string;
  /** Only payments in this status; every status when left out. */
  status?: PaymentStatus;
}

export const paymentsQueryOptions = ({ page, pageSize, search, status }: PaymentsPage) =>
  queryOptions({
    queryKey: ['payments', 'admin', page, pageSize, search, status],
    queryFn: ({ signal }) => callEndpoint(adminPaymentsContract.list, { query: { page, pageSize, search: search || undefined, status } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Every PIX a conversation offered, newest first, a page at a time (admin only). */
export function usePayments(page: PaymentsPage) {
  return useQuery(paymentsQueryOptions(page));
}
