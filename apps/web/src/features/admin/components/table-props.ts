// What AdminDataTable takes from a list's data (rows, pages, loading, retry), in one place: a section
// names only its caption, columns, texts and actions.
import { pageCount } from '../api/use-paged-list';

interface PagedQuery<Row> {
  data?: { items: Row[]; total: number };
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** A server-paged query and its paging state (usePagedList): the server does not sort these lists. */
export function queryTableProps<Row>(
  query: PagedQuery<Row>,
  list: { page: number; pageSize: number; setPage: (page: number) => void },
  order: 'asc' | 'desc' = 'desc',
) {
  return {
    rows: query.data?.items ?? [],
    total: query.data?.total ?? 0,
    page: list.page,
    pageCount: pageCount(query.data?.total, list.pageSize),
    order,
    isLoading: query.isPending,
    isFetching: query.isFetching,
    loadError: query.error,
    onRetry: () => void query.refetch(),
    onSort: () => undefined,
    onPage: list.setPage,
  };
}

interface AdminTable<Row> {
  items: Row[];
  total: number;
  params: { page: number; sort?: string; order: 'asc' | 'desc' };
  pageCount: number;
  isLoading: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
  setSort: (sort: string) => void;
  setPage: (page: number) => void;
}

/** A list of the admin data layer (useAdminTable), sorted by the server; `Row` is what its items are. */
export function adminTableProps<Row>(table: AdminTable<Row>) {
  return {
    rows: table.items,
    total: table.total,
    page: table.params.page,
    pageCount: table.pageCount,
    sort: table.params.sort,
    order: table.params.order,
    isLoading: table.isLoading,
    isFetching: table.isFetching,
    loadError: table.error,
    onRetry: () => void table.refetch(),
    onSort: table.setSort,
    onPage: table.setPage,
  };
}
