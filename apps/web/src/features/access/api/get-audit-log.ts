import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminContract } from '@vitrine/domain/admin.contract';
import { callEndpoint } from '@/lib/api-client';

export const auditLogQueryOptions = ({ page, pageSize, search }: { page: number; pageSize: number; search: string }) =>
  queryOptions({
    queryKey: ['audit_log', 'admin', page, pageSize, search],
    queryFn: ({ signal }) => callEndpoint(adminContract.auditLog, { query: { page, pageSize, search: search || undefined } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Every admin write (who, what, which fields, before and after), newest first, a page at a time. */
export function useAuditLog(page: { page: number; pageSize: number; search: string }) {
  return useQuery(auditLogQueryOptions(page));
}
