// The table every admin list uses: search, sortable headers and pages, all answered by the server. A
// list is loading ('Carregando…'), failed ('Não foi possível carregar…') or has its rows (maybe none):
// a list still loading or that failed never says it is empty.
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Loader2, Search } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

export interface AdminColumn<Row> {
  key: string;
  header: string;
  /** The server's sort key, when the column sorts. */
  sort?: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

export interface AdminDataTableProps<Row extends { id: string }> {
  caption: string;
  columns: AdminColumn<Row>[];
  rows: Row[];
  total: number;
  page: number;
  pageCount: number;
  sort?: string;
  order: 'asc' | 'desc';
  isLoading: boolean;
  isFetching: boolean;
  searchPlaceholder: string;
  /** The search box's name for screen readers, when the placeholder is shortened to fit a phone. */
  searchLabel?: string;
  emptyText: string;
  /** The list's read failed: it says so in place, with 'Tentar novamente', instead of looking empty. */
  loadError?: Error | null;
  onRetry?: () => void;
  /** Called at every key, trimmed: the list's hook (useAdminTable, usePagedList) waits for a pause before it asks the server. */
  onSearch: (search: string) => void;
  onSort: (sort: string) => void;
  onPage: (page: number) => void;
  actions?: (row: Row) => ReactNode;
  toolbar?: ReactNode;
}

export function AdminDataTable<Row extends { id: string }>(props: AdminDataTableProps<Row>) {
  const { caption, columns, rows, total, page, pageCount, sort, order, isLoading, isFetching, onSort, onPage, actions } = props;
  const [search, setSearch] = useState('');
  const failed = Boolean(props.loadError) && rows.length === 0;
  const { onSearch } = props;

  return (
    <div className="@container space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-0 flex-1 basis-56">
          <Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2" aria-hidden />
          <Input
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              // The list's hook (useAdminTable, usePagedList) asks the server once typing pauses.
              onSearch(event.target.value.trim());
            }}
            placeholder={props.searchPlaceholder}
            aria-label={props.searchLabel ?? props.searchPlaceholder}
            className="pl-8 text-ellipsis"
          />
        </div>
        {isFetching && !isLoading && <Loader2 className="text-muted-foreground size-4 animate-spin" aria-label="Atualizando" />}
        {props.toolbar}
      </div>

      {failed && <LoadFailed what={caption.toLowerCase()} onRetry={() => props.onRetry?.()} retrying={isFetching} />}

      {/* Where the list is narrower than 42rem each row is a card with its fields labelled: nothing to scroll sideways. */}
      <ul className="space-y-2 @2xl:hidden" aria-label={caption}>
        {isLoading
          ? Array.from({ length: 3 }, (_, index) => (
              <li key={index}>
                <Skeleton className="h-20 w-full" />
              </li>
            ))
          : rows.map((row) => (
              <li key={row.id} className={cn('bg-card rounded-lg border p-3', row.id.startsWith('temporario-') && 'opacity-60')} data-row-id={row.id}>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  {columns.map((column) => (
                    <div key={column.key} className="contents">
                      <dt className="text-muted-foreground">{column.header}</dt>
                      <dd className="min-w-0 break-words">{column.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
                {actions && <div className="mt-2 flex justify-end">{actions(row)}</div>}
              </li>
            ))}
        {!isLoading && rows.length === 0 && !failed && (
          <li className="text-muted-foreground rounded-lg border px-3 py-6 text-center text-sm">{props.emptyText}</li>
        )}
      </ul>

      <div className="hidden overflow-x-auto rounded-lg border @2xl:block">
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={cn('px-3 py-2 font-medium whitespace-nowrap', column.className)}
                  aria-sort={sortState(column, sort, order)}
                >
                  {column.sort ? (
                    <button type="button" className="hover:text-foreground inline-flex items-center gap-1" onClick={() => onSort(column.sort!)}>
                      {column.header}
                      <SortIcon active={sort === column.sort} order={order} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
              {actions && (
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Ações
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {isLoading
              ? Array.from({ length: 3 }, (_, index) => (
                  <tr key={index} className="border-t">
                    <td colSpan={columns.length + (actions ? 1 : 0)} className="px-3 py-2">
                      <Skeleton className="h-6 w-full" />
                    </td>
                  </tr>
                ))
              : rows.map((row) => (
                  <tr key={row.id} className={cn('border-t', row.id.startsWith('temporario-') && 'opacity-60')} data-row-id={row.id}>
                    {columns.map((column) => (
                      <td key={column.key} className={cn('px-3 py-2 align-middle', column.className)}>
                        {column.cell(row)}
                      </td>
                    ))}
                    {actions && <td className="px-3 py-2 text-right whitespace-nowrap">{actions(row)}</td>}
                  </tr>
                ))}
            {!isLoading && rows.length === 0 && !failed && (
              <tr className="border-t">
                <td colSpan={columns.length + (actions ? 1 : 0)} className="text-muted-foreground px-3 py-6 text-center">
                  {props.emptyText}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>

      <nav className="flex flex-wrap items-center justify-between gap-2 text-sm" aria-label="Paginação">
        {/* While the first page loads (retries included) or when it failed, there is no count to show: never '0 registros'. */}
        {isLoading ? (
          <span className="text-muted-foreground" role="status">
            Carregando…
          </span>
        ) : failed ? (
          <span />
        ) : (
          <span className="text-muted-foreground">
            {total} {total === 1 ? 'registro' : 'registros'}
          </span>
        )}
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="Página anterior">
            <ChevronLeft className="size-4" aria-hidden />
          </Button>
          <span aria-live="polite">
            Página {page} de {pageCount}
          </span>
          <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pageCount} aria-label="Próxima página">
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
      </nav>
    </div>
  );
}

function sortState<Row>(column: AdminColumn<Row>, sort: string | undefined, order: 'asc' | 'desc') {
  if (!column.sort || column.sort !== sort) return undefined;
  return order === 'asc' ? 'ascending' : 'descending';
}

function SortIcon({ active, order }: { active: boolean; order: 'asc' | 'desc' }) {
  if (!active) return <ArrowUpDown className="size-3.5 opacity-50" aria-hidden />;
  return order === 'asc' ? <ArrowUp className="size-3.5" aria-hidden /> : <ArrowDown className="size-3.5" aria-hidden />;
}
