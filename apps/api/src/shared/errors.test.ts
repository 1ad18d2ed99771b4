import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { databaseErrorReason, isDatabaseDataError, isDatabaseUnreachable, loggableError, markDatabaseConnectionError } from './errors.ts';

const systemError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
const serverError = (code: string, message = 'erro do servidor') => Object.assign(new Error(message), { code, severity: 'FATAL' });
const failedQuery = (cause: unknown) => new DrizzleQueryError('select * from plans where id = $1', ['valor-do-visitante'], cause as Error);

describe('a database error', () => {
  it.each([
    ['a refused connection', failedQuery(systemError('ECONNREFUSED'))],
    ['a reset connection', failedQuery(systemError('ECONNRESET'))],
    ['a connection the pool could not open in time', markDatabaseConnectionError(systemError('ETIMEDOUT'))],
    [
      'a refused connection to every address of the database host',
      markDatabaseConnectionError(new AggregateError([systemError('ECONNREFUSED'), systemError('ECONNREFUSED')])),
    ],
    ['the pool giving up waiting for a connection', failedQuery(new Error('timeout exceeded when trying to connect'))],
    ['a connection cut mid-query', failedQuery(new Error('Connection terminated unexpectedly'))],
    ['a connection that timed out while connecting', markDatabaseConnectionError(new Error('Connection terminated due to connection timeout'))],
    ['a client whose connection already failed', failedQuery(new Error('Client has encountered a connection error and is not queryable'))],
    ['an administrator shutting the server down (57P01)', failedQuery(serverError('57P01'))],
    ['a server still starting (57P03)', serverError('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', serverError('08006')],
    ['no free connection slot (53300)', serverError('53300')],
  ])('is "unreachable" for %s', (_reason, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
    expect(isDatabaseDataError(error)).toBe(false);
  });

  it.each([
    ['a NUL byte in text (22021)', failedQuery(serverError('22021'))],
    ['a NUL escape in jsonb (22P05)', failedQuery(serverError('22P05'))],
    ['text where a uuid goes (22P02)', failedQuery(serverError('22P02'))],
  ])('is bad input for %s', (_reason, error) => {
    expect(isDatabaseDataError(error)).toBe(true);
    expect(isDatabaseUnreachable(error)).toBe(false);
  });

  it.each([
    ['a unique violation', failedQuery(serverError('23505'))],
    ['a syntax error in our own SQL', failedQuery(serverError('42601'))],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['another service refusing an outgoing call', new TypeError('fetch failed', { cause: systemError('ECONNREFUSED') })],
    ['a visitor aborting an upload', Object.assign(new Error('aborted'), { code: 'ECONNRESET' })],
  ])('is neither for %s', (_reason, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
    expect(isDatabaseDataError(error)).toBe(false);
  });

  it('is summed up for the log by its innermost code', () => {
    expect(databaseErrorReason(failedQuery(systemError('ECONNREFUSED')))).toBe('ECONNREFUSED');
    expect(databaseErrorReason(failedQuery(new Error('timeout exceeded when trying to connect')))).toBe('timeout exceeded when trying to connect');
  });

  it('is logged with its class, SQL and stack but without the values sent', () => {
    const cause = Object.assign(serverError('23505', 'duplicate key value violates unique constraint "x"'), {
      detail: 'Key (email)=(visitante@example.com) already exists.',
      params: ['visitante@example.com'],
    });
    const logged = loggableError(failedQuery(cause)) as DrizzleQueryError;
    expect(logged).toBeInstanceOf(DrizzleQueryError);
    expect(logged.message).toBe('Failed query: select * from plans where id = $1');
    expect(logged.stack).toContain('select * from plans where id = $1');
    expect(logged.query).toBe('select * from plans where id = $1');
    expect(logged.cause).toHaveProperty('code', '23505');
    const everything = JSON.stringify({ ...logged, message: logged.message, stack: logged.stack, cause: { ...(logged.cause as object) } });
    expect(everything).not.toContain('valor-do-visitante');
    expect(everything).not.toContain('visitante@example.com');
  });
});
