import { useEffect, useMemo, useState } from 'react';
import { debounce, SEARCH_DEBOUNCE_MS } from '@/lib/debounce';
import { useIsNarrow } from '@/lib/use-is-narrow';

export const MOBILE_PAGE_SIZE = 10;
export const DESKTOP_PAGE_SIZE = 20;

/** How many pages `total` rows fill; an empty list still has page 1. */
export const pageCount = (total: number | undefined, pageSize: number) => Math.max(1, Math.ceil((total ?? 0) / pageSize));

/** Paging and search state of a list the server pages: 20 rows a page, 10 under 768 px; a new search, once typing pauses, goes back to page 1. */
export function usePagedList() {
  const narrow = useIsNarrow();
  const [page, setPage] = useState(1);
  const [search, setSearchText] = useState('');
  // The server is asked once typing pauses, not at every key (the search box shows each key at once).
  const setSearch = useMemo(
    () =>
      debounce((text: string) => {
        setSearchText(text.trim());
        setPage(1);
      }, SEARCH_DEBOUNCE_MS),
    [],
  );
  useEffect(() => () => setSearch.cancel(), [setSearch]);
  return { page, setPage, search, setSearch, pageSize: narrow ? MOBILE_PAGE_SIZE : DESKTOP_PAGE_SIZE };
}
