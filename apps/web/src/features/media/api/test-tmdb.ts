import { useMutation } from '@tanstack/react-query';
import { mediaContract } from '@vitrine/domain/media.contract';
import { callEndpoint } from '@/lib/api-client';

/**
 * Asks our server for the movie genres (through its cache, from TMDB or the local catalogue), timed: never
 * answered from the browser's cache.
 */
export async function testTmdb() {
  const started = performance.now();
  const genres = await callEndpoint(mediaContract.genres, { params: { mediaType: 'movie' } });
  return { ms: Math.round(performance.now() - started), count: genres.genres.length, source: genres.source };
}

export function useTestTmdb() {
  return useMutation({ mutationFn: testTmdb });
}
