import { Clapperboard } from 'lucide-react';
import { useState } from 'react';
import type { ImageKind, MediaSource } from '@vitrine/domain/media';
import { mediaImageSrcSet, mediaImageUrl } from '@vitrine/domain/media-display';
import { reportBrokenOnMount } from '@/lib/broken-image';
import { cn } from '@/lib/utils';

interface MediaImageProps {
  source: MediaSource;
  path: string | null;
  kind: ImageKind;
  /** The element's width in CSS pixels, to fetch the smallest image that stays sharp. */
  width: number;
  alt: string;
  className?: string;
  /** Above the fold: fetched at once instead of lazily. */
  priority?: boolean;
}

/** A poster or backdrop that falls back to a placeholder when it is missing or fails to load. */
export function MediaImage({ source, path, kind, width, alt, className, priority = false }: MediaImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  // The same markup on the server and in the browser: the screen's density picks from the srcset.
  const src = mediaImageUrl(source, path, kind, width);
  const srcSet = mediaImageSrcSet(source, path, kind, width);
  if (!src || failed === src) {
    return (
      <span
        role="img"
        aria-label={alt}
        data-testid="media-image-placeholder"
        className={cn('flex items-center justify-center bg-gradient-to-br from-slate-700 to-slate-900 text-white/50', className)}
      >
        <Clapperboard className="size-1/4 max-h-10 max-w-10" aria-hidden />
      </span>
    );
  }
  return (
    <img
      ref={reportBrokenOnMount(() => setFailed(src))}
      src={src}
      srcSet={srcSet}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(src)}
      className={cn('bg-slate-800 object-cover', className)}
    />
  );
}
