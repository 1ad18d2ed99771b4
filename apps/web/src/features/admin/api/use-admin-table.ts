// The one data layer of every admin list: a page read from the server (search, sort and paging
// there), cached 5 minutes and refreshed by the event stream; create, update and delete applied at
// once on screen and rolled back if the server refuses; a connection check before each write; the
// specified toasts. An update names the version of the record its form started from, so a save made
// after another admin's is refused (409) instead of overwriting it.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import type { EndpointDefinition, EndpointResponse } from '@vitrine/domain/contracts';
import type { ListEnvelope } from '@vitrine/domain/lists';
import type { WriteFailure, WriteOutcome } from '@/components/form/write-outcome';
import { callEndpoint } from '@/lib/api-client';
import { debounce, SEARCH_DEBOUNCE_MS } from '@/lib/debounce';
import { CACHE_TTL } from '@/lib/query-client';
import { notify } from '@/lib/toast';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { checkConnection, CONNECTION_ERROR } from './check-connection';
import { createRetryOptions } from './create-retry';
import { DESKTOP_PAGE_SIZE, MOBILE_PAGE_SIZE, pageCount } from './use-paged-list';

export type { WriteFailure, WriteOutcome } from '@/components/form/write-outcome';

export type AdminWriteKind = 'create' | 'update' | 'delete';

/** Portuguese names of the operations, as the toasts say them. */
export const OPERATION_NAMES: Record<AdminWriteKind, string> = { create: 'criação', update: 'atualização', delete: 'exclusão' };

export interface AdminListParams {
  page: number;
  pageSize: number;
  search: string;
  sort?: string;
  order: 'asc' | 'desc';
}

/** The record an edit started from, as the screen read it: its id and its version (`updatedAt`). */
export interface EditedRecord {
  id: string;
  updatedAt: string;
}

/** What the list sends: its page (read by the contract from the query string's text), search and sort. */
interface AdminListQuery {
  page?: unknown;
  pageSize?: unknown;
  search?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}
type RecordParams = z.ZodType<unknown, { id: string }>;

/**
 * What the admin data layer needs of a resource's contract (defineAdminResource's four endpoints, or a
 * module's own that work the same way): a paged list of records with their versions, a create that answers
 * the record, an update of a record that names the version it started from and answers the record, a delete.
 */
export interface AdminResource {
  list: EndpointDefinition & {
    method: 'GET';
    params?: undefined;
    body?: undefined;
    query: z.ZodType<unknown, AdminListQuery>;
    responses: { 200: z.ZodType<ListEnvelope<EditedRecord>> };
  };
  create: EndpointDefinition & { method: 'POST'; params?: undefined; body: z.ZodType; responses: { 201: z.ZodType<EditedRecord> } };
  update: EndpointDefinition & {
    method: 'PATCH';
    params: RecordParams;
    body: z.ZodType<unknown, { expectedUpdatedAt?: string }>;
    responses: { 200: z.ZodType<EditedRecord> };
  };
  remove: EndpointDefinition & { method: 'DELETE'; params: RecordParams; body?: undefined };
}

export interface AdminTableOptions<C extends AdminResource> {
  contract: C;
  /** The database table: query keys start with it, so its change events refresh this list. */
  table: string;
  /** For 'Erro ao carregar <label>'. */
  label: string;
  defaultSort?: string;
  defaultOrder?: 'asc' | 'desc';
  /** Under 768 px the pages are shorter. */
  isMobile?: boolean;
  /** A fixed page size (a list shown whole, such as the reorderable shortcuts). */
  pageSize?: number;
  /** The title of a failed read, when the resource words it differently ('Falha ao carregar fornecedores'). */
  loadErrorTitle?: string;
  /** A resource's own toasts, in place of the generic 'Sucesso' and 'Erro na Sincronização'. */
  messages?: Partial<Record<AdminWriteKind, { success: string; error: string }>>;
}

type BodyOf<S> = S extends z.ZodType ? z.input<S> : never;
/** A record of the resource as its contract answers it (every admin record has its id and version). */
export type AdminItem<C extends AdminResource> = EndpointResponse<C['create']> & EditedRecord;
/** What a create sends, as the resource's contract takes it. */
export type AdminCreateBody<C extends AdminResource> = BodyOf<C['create']['body']>;
/** The fields of a record as the resource's update takes them; the version is added by `update`. */
export type AdminPatch<C extends AdminResource> = Omit<BodyOf<C['update']['body']>, 'expectedUpdatedAt'>;
type Page<C extends AdminResource> = ListEnvelope<AdminItem<C>>;

/** The generic failure of an operation: 'Erro na Sincronização' / 'Falha na atualização: <mensagem>'. */
export const syncFailure = (kind: AdminWriteKind, error: Error): WriteFailure => ({
  title: 'Erro na Sincronização',
  description: `Falha na ${OPERATION_NAMES[kind]}: ${error.message}`,
});

/**
 * Runs a write only when the server answers: otherwise 'Erro de Conexão' and nothing is sent.
 * Resolves to how it ended; a failed write has rolled back and said why in its own toast, and
 * `describe` words that failure for the form that sent it.
 */
export const attempt =
  <A extends unknown[]>(write: (...args: A) => Promise<unknown>, describe: (error: Error) => WriteFailure = (error) => syncFailure('update', error)) =>
  async (...args: A): Promise<WriteOutcome> => {
    if (!(await checkConnection())) {
      notify.error(CONNECTION_ERROR.title, CONNECTION_ERROR.description);
      return { ok: false, ...CONNECTION_ERROR };
    }
    try {
      await write(...args);
      return { ok: true };
    } catch (error) {
      return { ok: false, ...describe(error instanceof Error ? error : new Error(String(error))) };
    }
  };

/** `attempt` for a caller that only needs to know whether the write succeeded. */
export const guarded =
  <A extends unknown[]>(write: (...args: A) => Promise<unknown>) =>
  async (...args: A): Promise<boolean> =>
    (await attempt(write)(...args)).ok;

export function adminListKey(table: string, params?: AdminListParams): QueryKey {
  return params ? [table, 'admin', params] : [table, 'admin'];
}

export function useAdminTable<C extends AdminResource>({
  contract,
  table,
  label,
  defaultSort,
  defaultOrder = 'asc',
  isMobile = false,
  pageSize: fixedPageSize,
  messages,
  loadErrorTitle,
}: AdminTableOptions<C>) {
  const queryClient = useQueryClient();
  const [params, setParams] = useState<AdminListParams>({
    page: 1,
    pageSize: fixedPageSize ?? (isMobile ? MOBILE_PAGE_SIZE : DESKTOP_PAGE_SIZE),
    search: '',
    sort: defaultSort,
    order: defaultOrder,
  });
  useEffect(() => {
    setParams((current) => ({ ...current, page: 1, pageSize: fixedPageSize ?? (isMobile ? MOBILE_PAGE_SIZE : DESKTOP_PAGE_SIZE) }));
  }, [isMobile, fixedPageSize]);
  // The search box shows each key at once; the server is asked once typing pauses, not at every key.
  const searchLater = useMemo(
    () => debounce((search: string) => setParams((current) => (current.search === search ? current : { ...current, search, page: 1 })), SEARCH_DEBOUNCE_MS),
    [],
  );
  useEffect(() => () => searchLater.cancel(), [searchLater]);

  // The requests are checked against what every admin resource takes (AdminResource): the list's query, the
  // record's path, the version an update names; what they answer is this resource's own, as `C` types it.
  const resource: AdminResource = contract;
  const list = useQuery({
    queryKey: adminListKey(table, params),
    queryFn: ({ signal }) =>
      callEndpoint(
        resource.list,
        { query: { page: params.page, pageSize: params.pageSize, search: params.search || undefined, sort: params.sort, order: params.order } },
        { signal },
      ) as Promise<Page<C>>,
    staleTime: CACHE_TTL.default,
    placeholderData: keepPreviousData,
  });

  // An empty list is not an error; a failed read is, once per failure.
  useLoadErrorToast(list.error, label, loadErrorTitle);

  const listKey = adminListKey(table);
  /** Applies a change to every cached page of this list, and returns how to undo it. */
  const applyOptimistic = async (change: (page: Page<C>) => Page<C>) => {
    await queryClient.cancelQueries({ queryKey: listKey });
    const snapshot = queryClient.getQueriesData<Page<C>>({ queryKey: listKey });
    // Other admin reads of the same table (a section's entries, settings) are not pages: left alone.
    queryClient.setQueriesData<Page<C>>({ queryKey: listKey }, (page) => (page && Array.isArray(page.items) ? change(page) : page));
    return () => {
      for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
    };
  };

  /** A failed write in the resource's own words, or the generic ones. */
  const failureOf = (kind: AdminWriteKind) => (error: Error) => {
    const own = messages?.[kind];
    return own ? { title: own.error, description: error.message } : syncFailure(kind, error);
  };

  const settle = (kind: AdminWriteKind) => ({
    onError: (error: Error, _variables: unknown, context: { rollback: () => void } | undefined) => {
      context?.rollback();
      const failure = failureOf(kind)(error);
      notify.error(failure.title, failure.description);
    },
    onSuccess: () => {
      const own = messages?.[kind];
      if (own) notify.success(own.success);
      else notify.success('Sucesso', `Operação ${OPERATION_NAMES[kind]} realizada com sucesso.`);
    },
    onSettled: () => {
      return queryClient.invalidateQueries({ queryKey: [table] });
    },
  });

  const create = useMutation({
    mutationKey: [table, 'create'],
    mutationFn: (body: AdminCreateBody<C>) => {
      return callEndpoint(resource.create, { body }) as Promise<AdminItem<C>>;
    },
    ...createRetryOptions,
    onMutate: async (body) => {
      // Shown at once, until the server's answer replaces it (its fields as sent, no version yet).
      const temporary = { ...(body as object), id: `temporario-${crypto.randomUUID()}` } as AdminItem<C>;
      const rollback = await applyOptimistic((page) => ({ ...page, items: [temporary, ...page.items], total: page.total + 1 }));
      return { rollback };
    },
    ...settle('create'),
  });

  const update = useMutation({
    mutationKey: [table, 'update'],
    mutationFn: ({ record, patch }: { record: EditedRecord; patch: Partial<AdminPatch<C>> }) => {
      const body = { ...patch, expectedUpdatedAt: record.updatedAt };
      return callEndpoint(resource.update, { params: { id: record.id }, body }) as Promise<AdminItem<C>>;
    },
    onMutate: async ({ record: { id }, patch }) => {
      const rollback = await applyOptimistic((page) => ({
        ...page,
        items: page.items.map((item) => (item.id === id ? { ...item, ...patch } : item)),
      }));
      return { rollback };
    },
    ...settle('update'),
    onSuccess: (saved) => {
      // The answer is the record's new version: an edit opened again before the list is read back starts from it.
      queryClient.setQueriesData<Page<C>>({ queryKey: listKey }, (page) =>
        page && Array.isArray(page.items) ? { ...page, items: page.items.map((item) => (item.id === saved.id ? saved : item)) } : page,
      );
      settle('update').onSuccess();
    },
  });

  const remove = useMutation({
    mutationKey: [table, 'delete'],
    mutationFn: (id: string) => {
      return callEndpoint(resource.remove, { params: { id } });
    },
    onMutate: async (id) => {
      const rollback = await applyOptimistic((page) => ({ ...page, items: page.items.filter((item) => item.id !== id), total: Math.max(0, page.total - 1) }));
      return { rollback };
    },
    ...settle('delete'),
  });

  const actions = useMemo(
    () => ({
      create: attempt((body: AdminCreateBody<C>) => create.mutateAsync(body), failureOf('create')),
      /** Saves `patch` over `record` as the form read it; refused (and said so) when another write came since. */
      update: attempt((record: EditedRecord, patch: Partial<AdminPatch<C>>) => update.mutateAsync({ record, patch }), failureOf('update')),
      remove: attempt((id: string) => remove.mutateAsync(id), failureOf('delete')),
    }),
    // The mutation objects change identity on every render; their mutateAsync functions do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [create.mutateAsync, update.mutateAsync, remove.mutateAsync],
  );

  const page = list.data;
  return {
    items: page?.items ?? [],
    total: page?.total ?? 0,
    params,
    pageCount: pageCount(page?.total, params.pageSize),
    isLoading: list.isPending,
    isFetching: list.isFetching,
    error: list.error,
    refetch: list.refetch,
    setPage: (next: number) => setParams((current) => ({ ...current, page: next })),
    /** Searches `search` once typing pauses (SEARCH_DEBOUNCE_MS). */
    setSearch: (search: string) => searchLater(search.trim()),
    setSort: (sort: string) =>
      setParams((current) => ({ ...current, sort, order: current.sort === sort && current.order === 'asc' ? 'desc' : 'asc', page: 1 })),
    isWriting: create.isPending || update.isPending || remove.isPending,
    applyOptimistic,
    ...actions,
  };
}
