import { useRef } from 'react';
import { youtubeEmbedUrl } from '@vitrine/domain/media-display';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

export interface Trailer {
  key: string;
  title: string;
  name?: string | null;
}

/** The trailer, embedded from YouTube's privacy-enhanced domain; opens over the detail dialog. */
export function TrailerDialog({ trailer, open, onOpenChange }: { trailer: Trailer; open: boolean; onOpenChange: (open: boolean) => void }) {
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        ref={content}
        className="gap-3 bg-black p-3 text-white sm:max-w-4xl sm:p-4"
        data-testid="trailer-dialog"
        // The dialog itself takes the focus, not its first focusable element, the player: keys pressed in
        // the player's frame never reach the page, so Escape would not close the trailer. Tab reaches the player.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          content.current?.focus();
        }}
      >
        <DialogHeader className="pr-8 text-left">
          <DialogTitle className="text-base text-white">Trailer: {trailer.title}</DialogTitle>
          <DialogDescription className="sr-only">{trailer.name ?? `Trailer de ${trailer.title} no YouTube`}</DialogDescription>
        </DialogHeader>
        <div className="aspect-video w-full overflow-hidden rounded-md bg-black">
          <iframe
            src={`${youtubeEmbedUrl(trailer.key)}?autoplay=1&rel=0`}
            title={`Trailer de ${trailer.title}`}
            className="size-full"
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
