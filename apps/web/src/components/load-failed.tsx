// Where a list that failed to load would be: it says so, with a way to try again. A failed list never
// looks like an empty one ('Nenhum fornecedor cadastrado.') nor like one still loading.
import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export function LoadFailed({ what, onRetry, retrying = false, className }: { what: string; onRetry: () => void; retrying?: boolean; className?: string }) {
  return (
    <div
      role="alert"
      className={cn('border-destructive/40 flex flex-wrap items-center justify-center gap-3 rounded-lg border px-3 py-4 text-center text-sm', className)}
    >
      <span>Não foi possível carregar {what}.</span>
      <Button type="button" variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        <RotateCw className={cn('size-4', retrying && 'animate-spin')} aria-hidden /> Tentar novamente
      </Button>
    </div>
  );
}
