import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '@/lib/toast';

/**
 * A confirmation link that failed (invalid or expired token) lands on '/?error=…': say so once,
 * then drop the parameter from the address.
 */
export function useVerificationLinkNotice() {
  const [params, setParams] = useSearchParams();
  const error = params.get('error');
  useEffect(() => {
    if (!error) return;
    notify.error(
      'Link de confirmação inválido',
      'O link expirou ou já foi usado. Faça login com seu e-mail e senha para receber um novo link.',
    );
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [error, setParams]);
}
