// Where toasts appear. Site-wide at the bottom right; a screen whose own controls sit there (the chat's
// composer: microphone and send) asks for them elsewhere while it is shown. The Toaster lives above the
// router (providers.tsx), so the placement is a small store it reads, not a route.
import { useEffect, useSyncExternalStore, type RefObject } from 'react';
import type { ToasterProps } from 'sonner';

export interface ToastPlacement {
  position: NonNullable<ToasterProps['position']>;
  /** Distance from the top of the viewport, in px, for top positions (phones included). */
  top?: number;
}

const DEFAULT_PLACEMENT: ToastPlacement = { position: 'bottom-right' };
let current = DEFAULT_PLACEMENT;
const listeners = new Set<() => void>();

function place(next: ToastPlacement) {
  if (next.position === current.position && next.top === current.top) return;
  current = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The placement in force, for the Toaster. */
export const useToastPlacement = () =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => DEFAULT_PLACEMENT,
  );

/** The gap between the element and the toasts below it. */
const GAP_PX = 8;

/**
 * While the calling screen is shown, toasts appear at the top centre just below `element` (a header),
 * over the screen's content rather than its controls; they go back to the default when it unmounts.
 */
export function useToastsBelow(element: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const measure = () => place({ position: 'top-center', top: Math.round(target.getBoundingClientRect().bottom) + GAP_PX });
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(target);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      place(DEFAULT_PLACEMENT);
    };
  }, [element]);
}
