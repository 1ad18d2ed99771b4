import { Info, Zap } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicStreamingApp } from '@vitrine/domain/catalog';
import { chatIntentHref } from '@vitrine/domain/chat-intent-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatBRL } from '@/lib/format';
import { AppImage } from './app-image';
import { RatingSummary } from './rating';
import { streamingPrice, type PriceMode } from './streaming-intent';

const MAX_TAGS = 3;

export function StreamingAppCard({ app, mode, onDetails }: { app: PublicStreamingApp; mode: PriceMode; onDetails: (app: PublicStreamingApp) => void }) {
  return (
    <article
      aria-label={app.name}
      data-testid="streaming-app-card"
      className="bg-card flex flex-col gap-4 rounded-xl border p-5 shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="flex items-start gap-4">
        <AppImage src={app.logo} alt={`Logo do ${app.name}`} className="size-16 shrink-0 rounded-xl" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg leading-tight font-semibold">{app.name}</h3>
            {app.isFeatured && <Badge className="bg-fuchsia-600 text-white">Destaque</Badge>}
          </div>
          <p className="text-muted-foreground text-sm">{app.categoryName}</p>
          <RatingSummary average={app.rating.average} total={app.rating.total} />
        </div>
      </div>
      <p className="text-muted-foreground line-clamp-3 text-sm">
        {app.shortDescription}
        {app.shortDescription.length < app.description.length && '…'}
      </p>
      {app.tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {app.tags.slice(0, MAX_TAGS).map((tag) => (
            <li key={tag}>
              <Badge variant="secondary">{tag}</Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto flex items-end justify-between gap-3 border-t pt-4">
        <div>
          <p className="text-muted-foreground text-xs">{mode === 'revendedor' ? 'Preço revendedor' : 'Preço'}</p>
          <p className="text-xl font-bold" data-testid="streaming-price">
            {formatBRL(streamingPrice(app, mode))}
          </p>
        </div>
        <div className="flex gap-2">
          <Button type="button" variant="outline" size="icon" onClick={() => onDetails(app)} aria-label={`Detalhes de ${app.name}`}>
            <Info />
          </Button>
          <Button asChild variant="gradient">
            <Link to={chatIntentHref({ kind: 'activate', app: app.name, mode })} aria-label={`Ativar ${app.name}`}>
              <Zap aria-hidden />
              Ativar
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
