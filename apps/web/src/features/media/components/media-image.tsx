import { useState } from 'react';
import { Clapperboard } from 'lucide-react';
import type { ImageKind, MediaSource } from '@vitrine/domain/media';
import { mediaImageUrl } from '@vitrine/domain/media-display';
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
  const ratio = typeof window === 'undefined' ? 1 : Math.min(2, window.devicePixelRatio || 1);
  const src = mediaImageUrl(source, path, kind, width, ratio);
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
      src={src}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(src)}
      className={cn('bg-slate-800 object-cover', className)}
    />
  );
}
