import { useEffect } from 'react';
import { notify } from './toast';

/**
 * A list that fails to load shows 'Erro ao carregar <tabela>' with the message, unless the message
 * only says there are no rows. The page keeps rendering with an empty list.
 */
export function useLoadErrorToast(error: Error | null, label: string) {
  useEffect(() => {
    if (!error) return;
    if (/no rows|empty|vazi/i.test(error.message)) return;
    notify.error(`Erro ao carregar ${label}`, error.message);
  }, [error, label]);
}
