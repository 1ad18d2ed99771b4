import { CloudOff, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** What a list needs to offer a retry: TanStack Query's result has both. */
export interface RetryableQuery {
  refetch: () => unknown;
  isFetching: boolean;
}

/**
 * A list that could not be loaded. It must never look like an empty result: a visitor who sees
 * 'nenhum encontrado' after a failure believes the catalogue is empty. Shown only while there is no
 * data at all; a failed refresh of data already on screen keeps the data.
 */
export function LoadError({ title, query, className }: { title: string; query: RetryableQuery; className?: string }) {
  return (
    <div
      role="alert"
      data-testid="load-error"
      className={cn('flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center', className)}
    >
      <CloudOff className="text-muted-foreground size-10" aria-hidden />
      <p className="font-medium">{title}</p>
      <p className="text-muted-foreground text-sm">Verifique sua conexão e tente novamente.</p>
      <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching} aria-busy={query.isFetching}>
        <RefreshCw className={cn(query.isFetching && 'animate-spin')} aria-hidden />
        Tentar novamente
      </Button>
    </div>
  );
}
