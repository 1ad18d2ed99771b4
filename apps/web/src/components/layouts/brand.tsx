import { Play } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

export function Brand({ className, text = 'Vitrine' }: { className?: string; text?: string }) {
  return (
    <Link to="/" className={cn('flex items-center gap-2 font-bold tracking-tight', className)} aria-label={`${text} — início`}>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-violet-500 to-fuchsia-500 text-white shadow">
        <Play className="size-4 fill-current" aria-hidden />
      </span>
      <span className="truncate text-lg">{text}</span>
    </Link>
  );
}
