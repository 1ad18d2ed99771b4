// Where a list still loading will be (its retries included): a placeholder that says so. A list
// loading never looks empty, nor like one that failed (LoadFailed).
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

export function ListLoading({ className }: { className?: string }) {
  return (
    <div role="status" className="relative">
      <Skeleton className={cn('h-32 w-full', className)} />
      <span className="text-muted-foreground absolute inset-0 grid place-items-center text-sm">Carregando…</span>
    </div>
  );
}
