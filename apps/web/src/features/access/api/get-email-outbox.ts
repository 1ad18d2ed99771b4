import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminContract } from '@vitrine/domain/admin.contract';
import { callEndpoint } from '@/lib/api-client';

export const emailOutboxQueryOptions = ({ page, pageSize, search }: { page: number; pageSize: number; search: string }) =>
  queryOptions({
    queryKey: ['email_outbox', 'admin', page, pageSize, search],
    queryFn: ({ signal }) => callEndpoint(adminContract.emails, { query: { page, pageSize, search: search || undefined } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** The e-mails the shop sent (or logged, without SMTP), newest first, a page at a time. */
export function useEmailOutbox(page: { page: number; pageSize: number; search: string }) {
  return useQuery(emailOutboxQueryOptions(page));
}
