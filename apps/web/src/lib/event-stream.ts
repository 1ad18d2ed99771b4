// Listens to /api/events and refreshes the cached data of the table that changed. Query keys start
// with the table name (['plans', …]), so one invalidation covers every view of that table.
import type { QueryClient } from '@tanstack/react-query';
import { notify } from './toast';

export interface TableChange {
  table: string;
  op: 'insert' | 'update' | 'delete';
  id: string | null;
}

const localWrites = new Map<string, number>();
const LOCAL_WRITE_WINDOW_MS = 5_000;

/** Marks a table as just written by this tab, so its own echo does not raise the 'another user' toast. */
export function markLocalWrite(table: string) {
  localWrites.set(table, Date.now());
}

export function connectEventStream(queryClient: QueryClient, url = '/api/events'): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(url, { withCredentials: true });
  source.addEventListener('change', (event) => {
    let change: TableChange;
    try {
      change = JSON.parse((event as MessageEvent<string>).data) as TableChange;
    } catch {
      return;
    }
    void queryClient.invalidateQueries({ queryKey: [change.table] });
    const wroteLocally = Date.now() - (localWrites.get(change.table) ?? 0) < LOCAL_WRITE_WINDOW_MS;
    if (change.op !== 'delete' && !wroteLocally && isAdminView()) {
      notify.info('Dados Atualizados', 'Os dados foram atualizados por outro usuário.');
    }
    window.dispatchEvent(new CustomEvent<TableChange>('vitrine:table-change', { detail: change }));
  });
  return () => source.close();
}

// The 'updated by another user' toast matters to people editing data, not to visitors browsing.
function isAdminView() {
  return window.location.pathname.startsWith('/admin') || window.location.pathname.startsWith('/pricing-calculator');
}
