import { Star } from 'lucide-react';
import { formatDecimal } from '@vitrine/domain/number-format';
import { cn } from '@/lib/utils';

export const formatRating = (value: number) => formatDecimal(value, 1);
export const formatCount = (value: number) => formatDecimal(value);

export function Stars({ value, className }: { value: number; className?: string }) {
  return (
    <span className={cn('inline-flex', className)} aria-hidden>
      {Array.from({ length: 5 }, (_, index) => (
        <Star key={index} className={cn('size-3.5', index < Math.round(value) ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/40')} />
      ))}
    </span>
  );
}

/** '★ 4,8 (1.240)' — the average and the number of ratings. */
export function RatingSummary({ average, total, label = 'avaliações' }: { average: number; total: number; label?: string }) {
  return (
    <span className="text-muted-foreground inline-flex items-center gap-1 text-sm">
      <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
      <span className="text-foreground font-medium">{formatRating(average)}</span>
      <span>
        ({formatCount(total)} {label})
      </span>
    </span>
  );
}
