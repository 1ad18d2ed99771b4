import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

/** While a page's code arrives; the spinner fades in only if that takes a noticeable moment. */
export function PageLoading({ className }: { className?: string }) {
  return (
    <div role="status" className={cn('flex min-h-[60vh] items-center justify-center', className)}>
      <Loader2 className="animate-in fade-in fill-mode-both text-primary size-6 animate-spin delay-300" aria-hidden />
      <span className="sr-only">Carregando...</span>
    </div>
  );
}
