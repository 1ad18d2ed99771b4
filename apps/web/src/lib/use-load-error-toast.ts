import { useEffect } from 'react';
import { notify } from './toast';

/**
 * A list that fails to load shows 'Erro ao carregar <tabela>' with the message, unless the message
 * only says there are no rows (or `title` in its place, for a list with its own wording). The page
 * keeps rendering with an empty list.
 */
export function useLoadErrorToast(error: Error | null, label: string, title?: string) {
  useEffect(() => {
    if (!error) return;
    if (/no rows|empty|vazi/i.test(error.message)) return;
    notify.error(title ?? `Erro ao carregar ${label}`, error.message);
  }, [error, label, title]);
}
