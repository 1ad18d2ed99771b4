import { MonitorSmartphone } from 'lucide-react';
import type { PublicApp } from '@vitrine/domain/catalog';
import { appCategoryName } from '@vitrine/domain/catalog-text';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatBRL, plural } from '@/lib/format';
import { cn } from '@/lib/utils';
import { AppImage } from './app-image';
import { RatingSummary } from './rating';

export type AppLayout = 'grid' | 'list';

export function AppCard({ app, layout = 'grid', onDetails }: { app: PublicApp; layout?: AppLayout; onDetails: (app: PublicApp) => void }) {
  const list = layout === 'list';
  return (
    <article
      aria-label={app.name}
      data-testid="app-card"
      className={cn(
        'bg-card group flex overflow-hidden rounded-xl border shadow-sm transition-shadow hover:shadow-md',
        list ? 'flex-col sm:flex-row' : 'flex-col',
      )}
    >
      <div className={cn('relative shrink-0', list ? 'aspect-video sm:aspect-square sm:w-44' : 'aspect-video')}>
        <AppImage src={app.iconUrl} alt={`Imagem do aplicativo ${app.name}`} className="size-full" />
        <div className="absolute top-2 left-2 flex gap-1.5">
          {app.isFeatured && <Badge className="bg-fuchsia-600 text-white">Destaque</Badge>}
          {app.isFree && (
            <Badge variant="success" className="bg-emerald-700 text-white">
              Grátis
            </Badge>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h3 className="text-lg leading-tight font-semibold">{app.name}</h3>
          <p className="text-muted-foreground mt-1 line-clamp-2 text-sm">
            {app.shortDescription}
            {app.shortDescription.length < app.description.length && '…'}
          </p>
        </div>
        <RatingSummary average={app.rating.average} total={app.rating.total} />
        <div className="text-muted-foreground flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <Badge variant="outline">{appCategoryName(app.category)}</Badge>
          <span className="inline-flex items-center gap-1">
            <MonitorSmartphone className="size-3.5" aria-hidden />
            {plural(app.platforms.length, 'plataforma', 'plataformas')}
          </span>
        </div>
        <div className="mt-auto flex items-center justify-between gap-3 pt-1">
          <span className="text-lg font-bold">{app.isFree ? 'Grátis' : formatBRL(app.price)}</span>
          <Button size="sm" onClick={() => onDetails(app)} aria-label={`Ver Detalhes de ${app.name}`}>
            Ver Detalhes
          </Button>
        </div>
      </div>
    </article>
  );
}
