import { useIsMobile } from '@/lib/use-mobile';

/** Under 768 px (the sidebar's drawer width): admin lists become cards and show 10 rows a page. */
export function useIsNarrow(): boolean {
  return useIsMobile();
}
