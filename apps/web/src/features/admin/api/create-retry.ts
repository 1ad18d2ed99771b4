// How an admin create is sent again: up to 3 more times, 1 s × the attempt's number after the
// failure (1 s, then 2 s, then 3 s), and only when the failure was not the server refusing it.
import { ApiError } from '@/lib/api-client';

export const CREATE_RETRIES = 3;

const isRetryable = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/** TanStack Query's retry options for a create (its failure count is 0 when the first attempt fails). */
export const createRetryOptions = {
  retry: (failures: number, error: unknown) => failures < CREATE_RETRIES && isRetryable(error),
  retryDelay: (failures: number) => 1_000 * (failures + 1),
};
