import { useMemo } from 'react';
import { useLocation } from 'react-router';

/**
 * The secret of a mailed link (`…#token=…`). It sits after '#', so the browser never sends it to the
 * server in a URL or a Referer: the page posts it in a request body instead.
 */
export function useLinkToken(): string | null {
  const { hash } = useLocation();
  return useMemo(() => {
    const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim();
    return token ? token : null;
  }, [hash]);
}
