import type { CustomerFilter } from '@vitrine/domain/customers';
import { adminCustomersContract } from '@vitrine/domain/customers.contract';
import { endpointUrl } from '@/lib/api-client';

/**
 * The address of Clientes in CSV with the list's search and filter: the browser downloads it itself (the
 * session cookie goes along), so a long export streams to disk instead of through the page's memory.
 */
export const customersCsvUrl = ({ search, filter }: { search: string; filter: CustomerFilter | undefined }) =>
  endpointUrl(adminCustomersContract.exportCsv, { query: { search: search || undefined, filter } });
