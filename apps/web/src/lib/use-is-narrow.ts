import { useSyncExternalStore } from 'react';

/** Under 768 px: phone widths, where the sidebar is a drawer and admin lists show 10 rows a page. */
const QUERY = '(max-width: 767px)';

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};

export function useIsNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
