import { HOME_HIGHLIGHTS } from '@vitrine/domain/media-display';
import { Skeleton } from '@/components/ui/skeleton';
import { useMediaHome } from '../api/get-media-home';
import { MediaCard } from './media-card';
import { useMediaDialogs } from './media-dialogs';
import { MediaErrorState } from './media-error-state';

/** The home page's premium entertainment titles; each opens the same detail dialog as /midia. */
export function MediaHighlights() {
  const home = useMediaHome();
  const { openDetails, dialogs } = useMediaDialogs();

  return (
    <div className="text-left" data-testid="media-highlights">
      {home.isPending ? (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {Array.from({ length: HOME_HIGHLIGHTS.limit }, (_, index) => (
            <Skeleton key={index} className="aspect-[2/3] w-full rounded-lg bg-white/10" />
          ))}
        </div>
      ) : home.isError ? (
        <MediaErrorState
          compact
          title="Destaques indisponíveis"
          error={home.error}
          onRetry={() => void home.refetch()}
          retrying={home.isFetching}
          className="border-white/30"
        />
      ) : home.data.items.length === 0 ? (
        <p className="text-center text-white/75">Nenhum destaque no momento.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {home.data.items.map((item) => (
            <li key={`${item.mediaType}-${item.id}`}>
              <MediaCard item={item} onOpen={openDetails} className="focus-visible:ring-offset-slate-900" />
            </li>
          ))}
        </ul>
      )}
      {dialogs}
    </div>
  );
}
