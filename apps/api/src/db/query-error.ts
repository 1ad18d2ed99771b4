// Whether an error is a failed query, for the error handler (shared/errors.ts), which must not import Drizzle:
// only the database layer knows its driver's and its ORM's error classes.
import { DrizzleQueryError } from 'drizzle-orm/errors';

/** A query the database refused or could not run (drizzle wraps every driver error in one). */
export const isQueryError = (value: unknown): boolean => value instanceof DrizzleQueryError;
