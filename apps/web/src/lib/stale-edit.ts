// A save refused because another admin's came first (409 `<resource>.stale`) carries the record or value
// as it is now; the screen shows it and names that version on its next save.
import { isStaleEditCode } from '@vitrine/domain/edit-version';
import { ApiError } from './api-client';

/** The record as it is now when `error` is a refused stale save (null: it no longer exists); undefined for any other error. */
export function staleEditCurrent(error: unknown): Record<string, unknown> | null | undefined {
  if (!(error instanceof ApiError) || error.status !== 409 || !isStaleEditCode(error.code)) return undefined;
  const current = (error.details as { current?: unknown } | undefined)?.current;
  return typeof current === 'object' && current !== null ? (current as Record<string, unknown>) : null;
}
