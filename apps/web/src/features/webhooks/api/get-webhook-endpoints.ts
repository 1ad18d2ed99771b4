import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminContract } from '@vitrine/domain/admin.contract';
import { callEndpoint } from '@/lib/api-client';

export const webhookEndpointsQueryOptions = ({ page, pageSize }: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['webhook_endpoints', 'admin', page, pageSize],
    queryFn: ({ signal }) => callEndpoint(adminContract.webhookEndpoints, { query: { page, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** The addresses webhooks are delivered to, with a hint of each one's signing secret (admin only). */
export function useWebhookEndpoints(page: { page: number; pageSize: number }) {
  return useQuery(webhookEndpointsQueryOptions(page));
}
