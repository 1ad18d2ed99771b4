// The server's side of two admins editing one record (packages/domain/src/edit-version.ts): a save names
// the version its screen started from, and is refused, with the record as it is now, when another write
// came first. Checked while the row is locked (SELECT … FOR UPDATE in the write's transaction), so the
// check and the write are one step on PostgreSQL and PGlite alike.
import { EDIT_VERSION_MESSAGES, EDIT_VERSION_REQUIRED_CODE } from '@vitrine/domain/edit-version';
import { AppError } from './errors.ts';

/**
 * Whether a stored `updatedAt` is the version a save names. Both are compared to the millisecond, as the
 * API shows dates; null on both sides is an entry that was not there and still is not.
 */
export function isVersion(stored: Date | null | undefined, expected: string | null): boolean {
  if (stored == null || expected === null) return stored == null && expected === null;
  return stored.getTime() === Date.parse(expected);
}

/**
 * The `updatedAt` a checked write stores: now, but always at least a millisecond after the one it
 * replaces, so two writes within one millisecond (or a clock behind another instance's) are still two versions.
 */
export const nextVersion = (stored: Date) => new Date(Math.max(Date.now(), stored.getTime() + 1));

/** 428: the save did not say which version it started from. */
export const versionRequired = () => new AppError(EDIT_VERSION_REQUIRED_CODE, 428, EDIT_VERSION_MESSAGES.required);

/** 409: another write came first; nothing was written, and `current` is the record (or value) as it is now. */
export const staleEdit = (resource: string, current: unknown, kind: 'record' | 'value' = 'record') =>
  new AppError(`admin.${resource}.stale`, 409, kind === 'record' ? EDIT_VERSION_MESSAGES.staleRecord : EDIT_VERSION_MESSAGES.staleValue, { current });
