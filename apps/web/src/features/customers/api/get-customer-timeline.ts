import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminCustomersContract } from '@vitrine/domain/customers.contract';
import { callEndpoint } from '@/lib/api-client';
import { customersKey } from './get-customers';

export const TIMELINE_PAGE_SIZE = 20;

/** A customer's conversations, payments, deliveries, subscriptions and reminders, newest first. */
export function useCustomerTimeline(id: string | null, page: number) {
  return useQuery({
    queryKey: [...customersKey, 'timeline', id, page],
    queryFn: ({ signal }) => callEndpoint(adminCustomersContract.timeline, { params: { id: id! }, query: { page, pageSize: TIMELINE_PAGE_SIZE } }, { signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}
