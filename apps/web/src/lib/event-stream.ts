// Listens to /api/events and refreshes the cached data of the table that changed. Query keys start
// with the table name (['plans', …]), so one invalidation covers every view of that table.
import type { QueryClient } from '@tanstack/react-query';
import { AUDIT_TABLE, CHANGE_EVENT_NAME, readTableChange, type TableChange } from '@vitrine/domain/events';
import { eventsContract } from '@vitrine/domain/events.contract';
import { endpointUrl } from './api-client';
import { currentPageData } from './page-data';
import { notify } from './toast';

export type { TableChange };

/**
 * Views keyed by one table that show rows of another too: a provider's cost tiers are read with the
 * provider (['providers', …]), a credit order with its webhook delivery (['credit_orders', …]).
 */
const DERIVED_VIEWS: Readonly<Record<string, readonly string[]>> = {
  provider_costs: ['providers'],
  webhook_deliveries: ['credit_orders'],
  // Clientes (['customers', …]) shows each customer's subscriptions, links, reminders and the purchases to deliver.
  subscriptions: ['customers'],
  subscription_access_links: ['customers'],
  renewal_reminders: ['customers'],
  deliveries: ['customers'],
};

/**
 * 'Dados Atualizados' is about people: every admin write records one audit row, whose event says whether
 * it came from this browser's session. Table events (background jobs, this browser's writes, visitors)
 * only refresh the data.
 */
export const isAnotherSessionsWrite = (change: TableChange) => change.table === AUDIT_TABLE && change.op === 'insert' && change.origin === 'other';

// A browser retries a dropped stream by itself (after the server's `retry:` hint), but gives up for good
// when the server refuses it (429: too many tabs; 503: the instance is full). We take over then, and
// after a few failed reconnections in a row: each wait is longer, with jitter, so a refusing or
// unreachable server is not hammered by every open tab at once.
const FIRST_BACKOFF_MS = 5_000;
const MAX_BACKOFF_MS = 5 * 60_000;
const BROWSER_RETRIES_BEFORE_BACKOFF = 3;

/** Wait before our n-th reconnection (n ≥ 1): between half and all of 5 s × 2^(n-1), at most 5 min. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Refetches the data that still is the page's own answers (dated when the server read them). */
function refreshPageAnswers(queryClient: QueryClient) {
  const at = currentPageData()?.at;
  if (at !== undefined) void queryClient.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt === at });
}

export function connectEventStream(queryClient: QueryClient, url = endpointUrl(eventsContract.stream)): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let failures = 0;
  let backoffs = 0;
  let missedChanges = false;
  let connected = false;

  const onChange = (event: Event) => {
    let change: TableChange | null;
    try {
      change = readTableChange(JSON.parse((event as MessageEvent<string>).data));
    } catch {
      return;
    }
    if (!change) return;
    // A write of this tab still in flight keeps its optimistic rows: it refreshes the list when it settles.
    if (queryClient.isMutating({ mutationKey: [change.table] }) === 0) {
      for (const table of [change.table, ...(DERIVED_VIEWS[change.table] ?? [])]) void queryClient.invalidateQueries({ queryKey: [table] });
    }
    if (isAnotherSessionsWrite(change) && isAdminView()) {
      notify.info('Dados Atualizados', 'Os dados foram atualizados por outro usuário.');
    }
    window.dispatchEvent(new CustomEvent<TableChange>('vitrine:table-change', { detail: change }));
  };

  const open = () => {
    const current = new EventSource(url, { withCredentials: true });
    source = current;
    current.addEventListener(CHANGE_EVENT_NAME, onChange);
    current.addEventListener('open', () => {
      // Changes made while the stream was down were never announced: refresh what is on screen. On the
      // first connection, neither were those made after the server read the page's answers.
      if (missedChanges) void queryClient.invalidateQueries();
      else if (!connected) refreshPageAnswers(queryClient);
      connected = true;
      missedChanges = false;
      failures = 0;
      backoffs = 0;
    });
    current.addEventListener('error', () => {
      if (stopped || current !== source) return;
      missedChanges = true;
      failures += 1;
      if (current.readyState !== EventSource.CLOSED && failures < BROWSER_RETRIES_BEFORE_BACKOFF) return;
      current.close();
      failures = 0;
      backoffs += 1;
      retryTimer = setTimeout(open, reconnectDelay(backoffs));
    });
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    source?.close();
  };
}

// The 'updated by another user' toast matters to people editing data, not to visitors browsing.
function isAdminView() {
  return window.location.pathname.startsWith('/admin') || window.location.pathname.startsWith('/pricing-calculator');
}
