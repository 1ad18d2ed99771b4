import { ExternalLink, Film, Play, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MediaListItem } from '@vitrine/domain/media';
import { imdbUrl } from '@vitrine/domain/media-display';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useMediaDetails } from '../api/get-media-details';
import {
  displayTitle,
  formatLanguage,
  formatReleaseDate,
  formatRuntime,
  formatSeasons,
  formatVote,
  formatVoteCount,
  typeLabel,
  UNKNOWN_TITLE,
} from '../lib/media-format';
import { MediaErrorState } from './media-error-state';
import { MediaImage } from './media-image';
import type { Trailer } from './trailer-dialog';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground text-xs tracking-wide uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium">{children}</dd>
    </div>
  );
}

/** A title's details: the first 6 backdrops, runtime or seasons and episodes, genres, links and trailer. */
export function MediaDetailDialog({
  item,
  open,
  onOpenChange,
  onPlayTrailer,
  onCloseAutoFocus,
}: {
  item: MediaListItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPlayTrailer: (trailer: Trailer) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const query = useMediaDetails(item.mediaType, item.id);
  const details = query.data;
  const missing = query.error instanceof ApiError && query.error.status === 404;
  const title = missing ? UNKNOWN_TITLE : displayTitle(details ?? item);
  const vote = formatVote(details ?? item);
  const overview = (details ?? item).overview;
  const imdb = imdbUrl(details?.imdbId);
  const length = details
    ? item.mediaType === 'movie'
      ? details.runtime
        ? formatRuntime(details.runtime)
        : null
      : formatSeasons(details.numberOfSeasons, details.numberOfEpisodes)
    : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-5 sm:max-w-3xl" data-testid="media-detail-dialog" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader className="pr-6 text-left">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{typeLabel(item)}</Badge>
            {vote && (
              <span className="inline-flex items-center gap-1 text-sm font-semibold">
                <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
                {vote}
                <span className="text-muted-foreground font-normal">({formatVoteCount((details ?? item).voteCount)})</span>
              </span>
            )}
          </div>
          <DialogTitle className="text-2xl leading-tight">{title}</DialogTitle>
          <DialogDescription>
            {[item.year, details?.originalTitle && details.originalTitle !== details.title ? details.originalTitle : null].filter(Boolean).join(' · ') ||
              typeLabel(item)}
          </DialogDescription>
        </DialogHeader>

        {missing ? (
          <p className="text-muted-foreground rounded-lg border border-dashed px-4 py-8 text-center">
            {UNKNOWN_TITLE}. Ele pode ter sido removido do catálogo.
          </p>
        ) : query.isError ? (
          <MediaErrorState
            compact
            title="Não foi possível carregar os detalhes"
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <>
            <section aria-label="Imagens">
              {details ? (
                details.backdrops.length > 0 ? (
                  <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="media-backdrops">
                    {details.backdrops.map((path, index) => (
                      <li key={path}>
                        <MediaImage
                          source={details.source}
                          path={path}
                          kind="backdrop"
                          width={index === 0 ? 480 : 240}
                          alt={`${title}: imagem ${index + 1}`}
                          className="aspect-video w-full rounded-md"
                        />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-muted-foreground text-sm">Nenhuma imagem disponível.</p>
                )
              ) : (
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                  {Array.from({ length: 3 }, (_, index) => (
                    <Skeleton key={index} className="aspect-video w-full" />
                  ))}
                </div>
              )}
            </section>

            <p className="text-sm leading-relaxed">{overview || 'Sinopse não disponível.'}</p>

            {details ? (
              <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
                <Field label={item.mediaType === 'movie' ? 'Duração' : 'Temporadas'}>{length ?? '—'}</Field>
                <Field label={item.mediaType === 'movie' ? 'Lançamento' : 'Estreia'}>{formatReleaseDate(details.date) ?? '—'}</Field>
                <Field label="Idioma original">{formatLanguage(details.originalLanguage) ?? '—'}</Field>
                <div className="col-span-2 sm:col-span-4">
                  <dt className="text-muted-foreground text-xs tracking-wide uppercase">Gêneros</dt>
                  <dd className="mt-1 flex flex-wrap gap-1.5">
                    {details.genres.length > 0
                      ? details.genres.map((genre) => (
                          <Badge key={genre.id} variant="outline">
                            {genre.name}
                          </Badge>
                        ))
                      : '—'}
                  </dd>
                </div>
              </dl>
            ) : (
              <Skeleton className="h-16 w-full" />
            )}

            <div className="flex flex-wrap gap-2">
              {details?.trailerKey && (
                <Button onClick={() => onPlayTrailer({ key: details.trailerKey!, title, name: details.trailerName })}>
                  <Play aria-hidden />
                  Assistir Trailer
                </Button>
              )}
              {details?.homepage && (
                <Button variant="outline" asChild>
                  <a href={details.homepage} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden />
                    Site oficial
                  </a>
                </Button>
              )}
              {imdb && (
                <Button variant="outline" asChild>
                  <a href={imdb} target="_blank" rel="noopener noreferrer">
                    <Film aria-hidden />
                    Ver no IMDb
                  </a>
                </Button>
              )}
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
