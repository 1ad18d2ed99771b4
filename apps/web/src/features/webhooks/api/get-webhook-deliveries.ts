import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDeliveryLog } from '@vitrine/domain/admin';
import { adminContract } from '@vitrine/domain/admin.contract';
import { callEndpoint } from '@/lib/api-client';

export interface DeliveriesPage {
  page: number;
  pageSize: number;
  search: string;
  /** Only deliveries in this status; every status when left out. */
  status?: WebhookDeliveryLog['status'];
}

export const webhookDeliveriesQueryOptions = ({ page, pageSize, search, status }: DeliveriesPage) =>
  queryOptions({
    queryKey: ['webhook_deliveries', 'admin', page, pageSize, search, status ?? 'todos'],
    queryFn: ({ signal }) => callEndpoint(adminContract.webhookDeliveries, { query: { page, pageSize, search: search || undefined, status } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** The webhook delivery log, newest first, a page at a time (admin only). */
export function useWebhookDeliveries(page: DeliveriesPage) {
  return useQuery(webhookDeliveriesQueryOptions(page));
}
