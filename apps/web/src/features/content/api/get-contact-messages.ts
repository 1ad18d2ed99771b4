import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminContentContract } from '@vitrine/domain/content-admin.contract';
import { callEndpoint } from '@/lib/api-client';

export interface ContactInboxPage {
  page: number;
  pageSize: number;
  search: string;
  unreadOnly: boolean;
}

export const contactMessagesQueryOptions = ({ page, pageSize, search, unreadOnly }: ContactInboxPage) =>
  queryOptions({
    queryKey: ['contact_messages', 'admin', page, pageSize, search, unreadOnly],
    queryFn: ({ signal }) =>
      callEndpoint(
        adminContentContract.listContactMessages,
        { query: { page, pageSize, search: search || undefined, unread: unreadOnly ? 'true' : undefined } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** The contact form's inbox, a page at a time, searched on the server; unread messages only when asked. */
export function useContactMessages(page: ContactInboxPage) {
  return useQuery(contactMessagesQueryOptions(page));
}
