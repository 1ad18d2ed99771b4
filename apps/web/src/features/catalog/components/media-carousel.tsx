import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export interface MediaItem {
  type: 'image' | 'gif' | 'video';
  url: string;
  caption?: string;
}

/** Image, gif and video slides with thumbnails and previous/next. */
export function MediaCarousel({ items, title }: { items: readonly MediaItem[]; title: string }) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: false });
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const scrollTo = useCallback((index: number) => embla?.scrollTo(index), [embla]);

  if (items.length === 0) {
    return (
      <div className="text-muted-foreground flex flex-col items-center gap-2 rounded-lg border border-dashed py-10 text-sm">
        <ImageOff className="size-8" aria-hidden />
        Nenhuma mídia disponível
      </div>
    );
  }

  return (
    <div className="space-y-3" role="region" aria-roledescription="carrossel" aria-label={`Mídia de ${title}`}>
      <div className="relative">
        <div ref={viewportRef} className="overflow-hidden rounded-lg border">
          <div className="flex">
            {items.map((item, index) => (
              <figure
                key={item.url + index}
                className="bg-muted relative min-w-0 flex-[0_0_100%]"
                aria-roledescription="slide"
                aria-label={`${index + 1} de ${items.length}`}
              >
                {item.type === 'video' ? (
                  <video src={item.url} controls preload="metadata" className="aspect-video w-full bg-black" />
                ) : (
                  <img src={item.url} alt={item.caption ?? `${title} — mídia ${index + 1}`} loading="lazy" className="aspect-video w-full object-cover" />
                )}
                {item.caption && <figcaption className="text-muted-foreground px-3 py-2 text-xs">{item.caption}</figcaption>}
              </figure>
            ))}
          </div>
        </div>
        <Button
          type="button"
          size="icon"
          variant="outline"
          className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full"
          onClick={() => embla?.scrollPrev()}
          disabled={selected === 0}
          aria-label="Mídia anterior"
        >
          <ChevronLeft />
        </Button>
        <Button
          type="button"
          size="icon"
          variant="outline"
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full"
          onClick={() => embla?.scrollNext()}
          disabled={selected === items.length - 1}
          aria-label="Próxima mídia"
        >
          <ChevronRight />
        </Button>
      </div>
      <div className="flex gap-2 overflow-x-auto pb-1">
        {items.map((item, index) => (
          <button
            key={item.url + index}
            type="button"
            onClick={() => scrollTo(index)}
            aria-label={`Ver mídia ${index + 1}`}
            aria-current={index === selected}
            className={cn(
              'focus-visible:ring-ring/50 h-14 w-20 shrink-0 overflow-hidden rounded-md border-2 outline-none focus-visible:ring-[3px]',
              index === selected ? 'border-primary' : 'border-transparent opacity-70 hover:opacity-100',
            )}
          >
            {item.type === 'video' ? (
              <span className="bg-muted flex size-full items-center justify-center text-xs">Vídeo</span>
            ) : (
              <img src={item.url} alt="" loading="lazy" className="size-full object-cover" />
            )}
          </button>
        ))}
      </div>
    </div>
  );
}
