import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** Items per click of the arrows. */
export const ITEMS_PER_SCROLL = 2;

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * A horizontal row: native scrolling with snap points for touch and trackpads, arrow buttons for
 * the mouse, and focusable items for the keyboard (focus scrolls the item into view).
 */
export function MediaCarousel({ label, children, actions }: { label: string; children: ReactNode[]; actions?: ReactNode }) {
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const element = track.current;
    if (!element) return;
    setEdges({
      start: element.scrollLeft <= 1,
      end: element.scrollLeft + element.clientWidth >= element.scrollWidth - 1,
    });
  }, []);

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    // Measured before the next frame, when the browser lays the page out anyway, rather than in this
    // effect, which would make it lay the page out once more (a row's items arrive in one render).
    const frame = requestAnimationFrame(measure);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [measure, children.length]);

  const scroll = (direction: -1 | 1) => {
    const element = track.current;
    const first = element?.firstElementChild as HTMLElement | null;
    if (!element || !first) return;
    // The step is one item plus the gap: 200 px on wide screens, less on phones.
    const gap = parseFloat(getComputedStyle(element).columnGap) || 0;
    const step = first.getBoundingClientRect().width + gap;
    element.scrollBy({ left: direction * step * ITEMS_PER_SCROLL, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  return (
    <div className="relative">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h3 className="text-lg font-semibold sm:text-xl">{label}</h3>
        <div className="flex items-center gap-2">
          {actions}
          <Button variant="outline" size="icon" className="size-8" aria-label={`Anteriores em ${label}`} disabled={edges.start} onClick={() => scroll(-1)}>
            <ChevronLeft aria-hidden />
          </Button>
          <Button variant="outline" size="icon" className="size-8" aria-label={`Próximos em ${label}`} disabled={edges.end} onClick={() => scroll(1)}>
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </div>
      <ul
        ref={track}
        onScroll={measure}
        aria-label={label}
        data-testid="media-carousel-track"
        className="-mx-1 flex snap-x snap-mandatory scroll-px-1 gap-3 overflow-x-auto overscroll-x-contain px-1 pt-1 pb-3 sm:gap-4 [&::-webkit-scrollbar]:h-1.5 [&::-webkit-scrollbar-thumb]:rounded-full [&::-webkit-scrollbar-thumb]:bg-black/20"
      >
        {children.map((child, index) => (
          <li key={index} className="w-[140px] shrink-0 snap-start sm:w-[184px]">
            {child}
          </li>
        ))}
      </ul>
    </div>
  );
}
