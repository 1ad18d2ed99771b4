// Captures what the server logs, as parsed JSON lines, for tests that check the log itself.
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { testEnv } from './app.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface LogEntry {
  level: number;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

export interface CapturedLogs {
  /** Pass as buildApp's `logger`. */
  logger: FastifyServerOptions['logger'];
  entries(): LogEntry[];
  /** The raw text, to search for anything a visitor sent. */
  text(): string;
  /** error and fatal entries. */
  errors(): LogEntry[];
  withMessage(msg: string): LogEntry[];
}

export const LOG_LEVELS = { warn: 40, error: 50 } as const;

export function captureLogs(level: 'debug' | 'info' = 'info'): CapturedLogs {
  const lines: string[] = [];
  const entries = () => lines.map((line) => JSON.parse(line) as LogEntry);
  return {
    logger: { level, stream: { write: (line: string) => void lines.push(line) } },
    entries,
    text: () => lines.join(''),
    errors: () => entries().filter((entry) => entry.level >= LOG_LEVELS.error),
    withMessage: (msg) => entries().filter((entry) => entry.msg === msg),
  };
}

/** The real app on a fresh test database, logging into memory. */
export async function buildLoggedTestApp(options: { database?: TestDatabase; env?: Record<string, string | undefined> } = {}) {
  const logs = captureLogs();
  const database = options.database ?? (await createTestDatabase());
  const env = testEnv(options.env);
  const app = await buildApp({ env, database, logger: logs.logger });
  await app.ready();
  return {
    app,
    database,
    env,
    logs,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
