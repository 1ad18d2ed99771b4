import { Info, Play, Star } from 'lucide-react';
import type { MediaListItem, MediaSource } from '@vitrine/domain/media';
import { MEDIA_HERO, mediaHeroText, type MediaHeroText } from '@vitrine/domain/media-display';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useMediaDetails } from '../api/get-media-details';
import { useMediaList } from '../api/get-media-list';
import { MediaImage } from './media-image';
import type { Trailer } from './trailer-dialog';

/** The banner of /midia: the first trending movie, its trailer and 'Mais Informações'. */
export function MediaHero({ onDetails, onTrailer }: { onDetails: (item: MediaListItem) => void; onTrailer: (trailer: Trailer) => void }) {
  const trending = useMediaList(MEDIA_HERO.mediaType, MEDIA_HERO.list);
  const first = trending.data?.results[0];
  const details = useMediaDetails('movie', first?.id);

  if (trending.isPending) return <MediaHeroSkeleton />;
  if (!first) {
    return <div className="text-muted-foreground rounded-2xl border border-dashed px-6 py-16 text-center">Nenhum filme em alta no momento.</div>;
  }

  const text = mediaHeroText(first);
  const trailerKey = details.data?.trailerKey;
  return (
    <MediaHeroBanner
      text={{ ...text, overview: details.data?.overview || text.overview }}
      image={{ source: first.source, path: first.backdropPath }}
      trailer={details.isPending ? 'pending' : trailerKey ? 'ready' : 'none'}
      onTrailer={() => trailerKey && onTrailer({ key: trailerKey, title: text.title, name: details.data?.trailerName })}
      onDetails={() => onDetails(first)}
    />
  );
}

export const MediaHeroSkeleton = () => <Skeleton className="h-[420px] w-full rounded-2xl" data-testid="media-hero-loading" />;

interface MediaHeroBannerProps {
  text: Omit<MediaHeroText, 'imageUrl'>;
  image: { source: MediaSource; path: string | null };
  /** 'pending' while the details (and so the trailer) load: the button shows, disabled. */
  trailer: 'pending' | 'ready' | 'none';
  onTrailer: () => void;
  onDetails: () => void;
}

/**
 * The banner itself, from its texts. The page server renders /midia with the cached trending list, so
 * the page's first paint already shows it.
 */
export function MediaHeroBanner({ text, image, trailer, onTrailer, onDetails }: MediaHeroBannerProps) {
  return (
    <section
      aria-label={`Em destaque: ${text.title}`}
      data-testid="media-hero"
      className="relative isolate overflow-hidden rounded-2xl bg-slate-950 text-white"
    >
      <MediaImage
        source={image.source}
        path={image.path}
        kind="backdrop"
        width={MEDIA_HERO.backdropWidth}
        alt=""
        priority
        className="absolute inset-0 -z-10 size-full object-top"
      />
      <div
        className="absolute inset-0 -z-10 bg-gradient-to-t from-black via-black/70 to-black/10 sm:bg-gradient-to-r sm:via-black/60 sm:to-transparent"
        aria-hidden
      />
      <div className="flex min-h-[380px] max-w-2xl flex-col justify-end gap-4 p-6 sm:min-h-[440px] sm:p-10">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge className="bg-fuchsia-600 text-white">Em alta</Badge>
          <span className="opacity-80">{text.kindAndYear}</span>
          {text.vote && (
            <span className="inline-flex items-center gap-1 font-semibold">
              <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
              {text.vote}
            </span>
          )}
        </div>
        <h2 className="text-3xl font-bold tracking-tight break-words sm:text-5xl">{text.title}</h2>
        {text.overview && <p className="line-clamp-3 text-sm text-white/85 sm:text-base">{text.overview}</p>}
        <div className="flex flex-wrap gap-3">
          {trailer !== 'none' && (
            <Button size="lg" className="bg-white text-slate-900 hover:bg-white/90" disabled={trailer !== 'ready'} onClick={onTrailer}>
              <Play className="fill-current" aria-hidden />
              Assistir Trailer
            </Button>
          )}
          <Button size="lg" variant="outline" className="border-white/40 bg-white/10 text-white hover:bg-white/20 hover:text-white" onClick={onDetails}>
            <Info aria-hidden />
            Mais Informações
          </Button>
        </div>
      </div>
    </section>
  );
}
