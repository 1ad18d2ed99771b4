import { ApiError } from '@/lib/api-client';

// Keys start with the table name, so a change to the local catalogue (realtime event on
// media_titles) refreshes every view of it.
export const MEDIA_KEY = 'media_titles';

/**
 * The server already retries TMDB and answers with a final word: only a request that never got an
 * answer (offline, timeout) is worth asking again from the browser.
 */
export const mediaRetry = (failureCount: number, error: Error) => !(error instanceof ApiError && error.status > 0) && failureCount < 2;
