import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeliveryStatus } from '@vitrine/domain/customers';
import { adminDeliveriesContract } from '@vitrine/domain/customers.contract';
import { callEndpoint } from '@/lib/api-client';

/** Keyed by the table, so a new paid purchase (its change event) refreshes A entregar. */
export const deliveriesKey = ['deliveries', 'admin'] as const;

/** A entregar: the paid purchases waiting (oldest first), or the delivered ones (newest first). */
export function useDeliveries({ status, page, pageSize }: { status: DeliveryStatus; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...deliveriesKey, status, page, pageSize],
    queryFn: ({ signal }) => callEndpoint(adminDeliveriesContract.list, { query: { status, page, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
