import { useSyncExternalStore } from 'react';

/** shadcn's breakpoint: under 768 px the layout is the phone one (the admin sidebar becomes a drawer). */
export const MOBILE_BREAKPOINT = 768;

const QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};

/**
 * shadcn's useIsMobile, read synchronously from matchMedia, so the first render already knows the
 * width (no desktop frame flashing on a phone).
 */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => false);
}
