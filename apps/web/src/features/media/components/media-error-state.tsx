import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';

const messageOf = (error: Error | null) =>
  error instanceof ApiError ? error.message : 'Não foi possível carregar o catálogo de filmes e séries. Tente novamente.';

/** What a visitor sees when the catalogue cannot be loaded: the reason in Portuguese and a retry. */
export function MediaErrorState({
  title = 'Catálogo indisponível',
  error,
  onRetry,
  retrying = false,
  compact = false,
  className,
}: {
  title?: string;
  error: Error | null;
  onRetry: () => void;
  retrying?: boolean;
  compact?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed text-center',
        compact ? 'px-4 py-6' : 'px-6 py-14',
        className,
      )}
    >
      <AlertTriangle className={cn('text-amber-500', compact ? 'size-6' : 'size-10')} aria-hidden />
      <div>
        <p className={cn('font-semibold', compact ? 'text-sm' : 'text-lg')}>{title}</p>
        <p className="mt-1 max-w-md text-sm opacity-75">{messageOf(error)}</p>
      </div>
      <Button variant="outline" size={compact ? 'sm' : 'default'} onClick={onRetry} disabled={retrying} className="text-foreground">
        <RefreshCw className={cn(retrying && 'animate-spin')} aria-hidden />
        Tentar novamente
      </Button>
    </div>
  );
}
