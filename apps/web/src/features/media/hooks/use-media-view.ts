import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readMediaView, writeMediaView, type MediaView } from '../lib/media-filters';

/** The tab and filters of /midia, kept in the URL. */
export function useMediaView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readMediaView(params), [params]);
  const update = useCallback(
    (patch: Partial<MediaView>) =>
      setParams((current) => writeMediaView(current, { ...readMediaView(current), ...patch }), { replace: true, preventScrollReset: true }),
    [setParams],
  );
  return { view, update };
}
