import { toast as sonner, type ExternalToast } from 'sonner';

// At most 3 toasts at once: a fourth pushes the oldest out.
const MAX_TOASTS = 3;
const open: (string | number)[] = [];

function track(id: string | number) {
  open.push(id);
  while (open.length > MAX_TOASTS) sonner.dismiss(open.shift());
  return id;
}

function untrack(id: string | number) {
  const index = open.indexOf(id);
  if (index >= 0) open.splice(index, 1);
}

type Kind = 'success' | 'error' | 'info' | 'message';

function show(kind: Kind, title: string, description?: string, options?: ExternalToast) {
  const id = sonner[kind](title, {
    description,
    ...options,
    onDismiss: (t) => {
      untrack(t.id);
      options?.onDismiss?.(t);
    },
    onAutoClose: (t) => {
      untrack(t.id);
      options?.onAutoClose?.(t);
    },
  });
  return track(id);
}

export const notify = {
  success: (title: string, description?: string, options?: ExternalToast) => show('success', title, description, options),
  error: (title: string, description?: string, options?: ExternalToast) => show('error', title, description, options),
  info: (title: string, description?: string, options?: ExternalToast) => show('info', title, description, options),
};
