import { Star } from 'lucide-react';
import type { MediaListItem } from '@vitrine/domain/media';
import { cn } from '@/lib/utils';
import { displayTitle, formatVote, typeLabel } from '../lib/media-format';
import { MediaImage } from './media-image';

export const POSTER_WIDTH = 184;

/** A poster that opens the title's detail dialog. */
export function MediaCard({ item, onOpen, className }: { item: MediaListItem; onOpen: (item: MediaListItem) => void; className?: string }) {
  const title = displayTitle(item);
  const vote = formatVote(item);
  return (
    <button
      type="button"
      onClick={() => onOpen(item)}
      data-testid="media-card"
      data-media-type={item.mediaType}
      data-vote={item.voteAverage}
      className={cn(
        'group focus-visible:ring-ring relative block w-full rounded-lg text-left outline-none focus-visible:ring-[3px] focus-visible:ring-offset-2',
        className,
      )}
    >
      <span className="relative block aspect-[2/3] overflow-hidden rounded-lg shadow-md">
        <MediaImage
          source={item.source}
          path={item.posterPath}
          kind="poster"
          width={POSTER_WIDTH}
          alt=""
          className="size-full transition-transform duration-300 group-hover:scale-105"
        />
      </span>
      <span className="mt-2 line-clamp-1 block text-sm font-semibold" data-title>
        {title}
      </span>
      <span className="block text-xs opacity-70">{[typeLabel(item), item.year].filter(Boolean).join(' · ')}</span>
      {/* Over the poster's corner, but read after the title: the card's name is what it shows. */}
      {vote && (
        <span className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-md bg-black/75 px-1.5 py-0.5 text-xs font-semibold text-white">
          <Star className="size-3 fill-amber-400 text-amber-400" aria-hidden />
          <span>
            <span className="sr-only">Nota </span>
            {vote}
          </span>
        </span>
      )}
    </button>
  );
}
