import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import type { MediaListItem } from '@vitrine/domain/media';
import type { Trailer } from './trailer-dialog';

// The dialogs load the first time a visitor opens a title or a trailer.
const MediaDetailDialog = lazy(() => import('./media-detail-dialog').then((module) => ({ default: module.MediaDetailDialog })));
const TrailerDialog = lazy(() => import('./trailer-dialog').then((module) => ({ default: module.TrailerDialog })));

/**
 * The detail dialog and the trailer dialog, which opens over it; Escape closes the top one first.
 * Both stay mounted after first use so they close the Radix way (animation, focus handed back).
 */
export function useMediaDialogs() {
  const [shown, setShown] = useState<MediaListItem | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [trailer, setTrailer] = useState<Trailer | null>(null);
  const [trailerOpen, setTrailerOpen] = useState(false);
  // The dialog opens without a Radix trigger, so focus is handed back to the opener by hand.
  const opener = useRef<HTMLElement | null>(null);

  const openDetails = useCallback((item: MediaListItem) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setShown(item);
    setDetailsOpen(true);
  }, []);
  const openTrailer = useCallback((next: Trailer) => {
    setTrailer(next);
    setTrailerOpen(true);
  }, []);

  // Separate boundaries: loading the trailer's code must not hide the detail dialog under it.
  const dialogs = (
    <>
      <Suspense fallback={null}>
        {shown && (
          <MediaDetailDialog
            key={`${shown.mediaType}-${shown.id}`}
            item={shown}
            open={detailsOpen}
            onOpenChange={setDetailsOpen}
            onPlayTrailer={openTrailer}
            onCloseAutoFocus={(event) => {
              if (!opener.current?.isConnected) return;
              event.preventDefault();
              opener.current.focus();
            }}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>{trailer && <TrailerDialog trailer={trailer} open={trailerOpen} onOpenChange={setTrailerOpen} />}</Suspense>
    </>
  );
  return { openDetails, openTrailer, dialogs };
}
