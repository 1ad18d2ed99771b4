import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustomerFilter } from '@vitrine/domain/customers';
import { adminCustomersContract } from '@vitrine/domain/customers.contract';
import { callEndpoint } from '@/lib/api-client';

/** Keyed by the table, so a customer's change event refreshes every Clientes view (list, figures, detail). */
export const customersKey = ['customers', 'admin'] as const;

export interface CustomerListParams {
  page: number;
  pageSize: number;
  search: string;
  filter: CustomerFilter | undefined;
}

/** Clientes: searched by name or contact, filtered (ativa, vence em 7 dias, vencida, sem contato), paged by the server. */
export function useCustomers({ page, pageSize, search, filter }: CustomerListParams) {
  return useQuery({
    queryKey: [...customersKey, 'list', { page, pageSize, search, filter }],
    queryFn: ({ signal }) => callEndpoint(adminCustomersContract.list, { query: { page, pageSize, search: search || undefined, filter } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
