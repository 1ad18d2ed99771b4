import { AppWindow } from 'lucide-react';
import { useState } from 'react';
import { reportBrokenOnMount } from '@/lib/broken-image';
import { cn } from '@/lib/utils';

/** A lazily loaded app image that falls back to a placeholder when it is missing or fails. */
export function AppImage({ src, alt, className }: { src: string | null; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div
        role="img"
        aria-label={alt}
        data-testid="image-placeholder"
        className={cn('from-accent to-muted text-primary/70 flex items-center justify-center bg-gradient-to-br', className)}
      >
        <AppWindow className="size-1/3 max-h-12 max-w-12" aria-hidden />
      </div>
    );
  }
  return (
    <img
      ref={reportBrokenOnMount(() => setFailed(true))}
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={cn('object-cover', className)}
    />
  );
}
