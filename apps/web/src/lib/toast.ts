import { useSyncExternalStore } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

// Sonner's code and its Toaster are not part of the first load; the Toaster mounts with the first
// toast. A toast raised before the Toaster subscribes is shown when it does (Sonner hands
// a new subscriber the toasts still active).
let sonner: Promise<{ toast: typeof sonnerToast }> | undefined;
let wanted = false;
const watchers = new Set<() => void>();

function loadSonner() {
  if (!sonner) {
    sonner = import('@/components/ui/sonner');
    // A chunk that failed to arrive (offline) is asked for again by the next toast.
    sonner.catch(() => (sonner = undefined));
    if (!wanted) {
      wanted = true;
      for (const watcher of watchers) watcher();
    }
  }
  return sonner;
}

// Fetched while the browser is idle after the first load, so a toast still shows when the
// network is gone by the time it is raised ('Erro de Conexão').
if (typeof window !== 'undefined') {
  const prefetch = () => void import('@/components/ui/sonner').catch(() => undefined);
  window.addEventListener('load', () => ('requestIdleCallback' in window ? requestIdleCallback(prefetch, { timeout: 5_000 }) : setTimeout(prefetch, 2_000)), { once: true });
}

/** True once a toast has been raised: the app mounts the Toaster from then on. */
export function useToasterWanted() {
  return useSyncExternalStore(
    (onChange) => {
      watchers.add(onChange);
      return () => void watchers.delete(onChange);
    },
    () => wanted,
  );
}

// At most 3 toasts at once: a fourth pushes the oldest out.
const MAX_TOASTS = 3;
const open: (string | number)[] = [];
let nextId = 0;

function untrack(id: string | number) {
  const index = open.indexOf(id);
  if (index >= 0) open.splice(index, 1);
}

type Kind = 'success' | 'error' | 'info' | 'message';

function show(kind: Kind, title: string, description?: string, options?: ExternalToast) {
  const id = options?.id ?? `aviso-${++nextId}`;
  loadSonner()
    .then(({ toast }) => {
      toast[kind](title, {
        description,
        ...options,
        id,
        onDismiss: (t) => {
          untrack(t.id);
          options?.onDismiss?.(t);
        },
        onAutoClose: (t) => {
          untrack(t.id);
          options?.onAutoClose?.(t);
        },
      });
      open.push(id);
      while (open.length > MAX_TOASTS) toast.dismiss(open.shift());
    })
    .catch(() => undefined);
  return id;
}

export const notify = {
  success: (title: string, description?: string, options?: ExternalToast) => show('success', title, description, options),
  error: (title: string, description?: string, options?: ExternalToast) => show('error', title, description, options),
  info: (title: string, description?: string, options?: ExternalToast) => show('info', title, description, options),
};
