import { useCallback, useState } from 'react';
import { useIsNarrow } from '@/lib/use-is-narrow';

export const MOBILE_PAGE_SIZE = 10;
export const DESKTOP_PAGE_SIZE = 20;

/** How many pages `total` rows fill; an empty list still has page 1. */
export const pageCount = (total: number | undefined, pageSize: number) => Math.max(1, Math.ceil((total ?? 0) / pageSize));

/** Paging and search state of a list the server pages: 20 rows a page, 10 under 768 px; a new search goes back to page 1. */
export function usePagedList() {
  const narrow = useIsNarrow();
  const [page, setPage] = useState(1);
  const [search, setSearchText] = useState('');
  const setSearch = useCallback((text: string) => {
    setSearchText(text);
    setPage(1);
  }, []);
  return { page, setPage, search, setSearch, pageSize: narrow ? MOBILE_PAGE_SIZE : DESKTOP_PAGE_SIZE };
}
