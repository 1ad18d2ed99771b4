import type { MediaFilters, MediaList, MediaListItem, MediaType } from '@vitrine/domain/media';
import { Skeleton } from '@/components/ui/skeleton';
import { useMediaList } from '../api/get-media-list';
import { MediaCard } from './media-card';
import { MediaCarousel } from './media-carousel';
import { MediaErrorState } from './media-error-state';

const SKELETONS = 6;

/** One row of /midia: its titles in a carousel, with loading, error and empty states. */
export function MediaRow({
  mediaType,
  list,
  label,
  filters,
  onOpen,
}: {
  mediaType: MediaType;
  list: MediaList;
  label: string;
  filters: MediaFilters;
  onOpen: (item: MediaListItem) => void;
}) {
  const query = useMediaList(mediaType, list, filters);
  const filtered = filters.genre !== undefined || filters.year !== undefined;

  return (
    <section aria-label={label} data-testid="media-row" data-list={list} data-media-type={mediaType} aria-busy={query.isFetching}>
      {query.isPending ? (
        <MediaCarousel label={label}>
          {Array.from({ length: SKELETONS }, (_, index) => (
            <div key={index}>
              <Skeleton className="aspect-[2/3] w-full rounded-lg" />
              <Skeleton className="mt-2 h-4 w-3/4" />
            </div>
          ))}
        </MediaCarousel>
      ) : query.isError ? (
        <>
          <h3 className="mb-3 text-lg font-semibold sm:text-xl">{label}</h3>
          <MediaErrorState
            compact
            title={`Não foi possível carregar ${label}`}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </>
      ) : query.data.results.length === 0 ? (
        <>
          <h3 className="mb-3 text-lg font-semibold sm:text-xl">{label}</h3>
          <p className="text-muted-foreground rounded-xl border border-dashed px-4 py-8 text-center text-sm" data-testid="media-row-empty">
            {filtered ? 'Nenhum título encontrado com esses filtros.' : 'Nenhum título nesta lista no momento.'}
          </p>
        </>
      ) : (
        <MediaCarousel label={label}>
          {query.data.results.map((item) => (
            <MediaCard key={`${item.mediaType}-${item.id}`} item={item} onOpen={onOpen} />
          ))}
        </MediaCarousel>
      )}
    </section>
  );
}
