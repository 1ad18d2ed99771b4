// Opens the database: embedded PGlite on disk by default, PostgreSQL when a URL is given.
// Both are driven through the same Drizzle schema and migrations.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { apiRoot } from '../api-root.ts';
import { markDatabaseConnectionError } from '../shared/errors.ts';
import {
  DataDirDamagedError,
  inspectDataDir,
  makeDataDir,
  openPgliteOnDisk,
  PGLITE_DIR,
  PGLITE_EXTENSIONS,
  PGLITE_START_PARAMS,
  tightenModes,
} from './data-dir.ts';
import { acquireDataDirLock, type AcquireOptions, type DataDirLock } from './lock.ts';
import { createPriorityGate } from './priority.ts';
import { completePendingRestore } from './restore-journal.ts';
import * as schema from './schema.ts';

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbExecutor = Database | Transaction;

export const CHANGES_CHANNEL = 'vitrine_changes';
export const migrationsFolder = path.join(apiRoot, 'drizzle');

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /**
   * Subscribes to a NOTIFY channel on a dedicated connection; resolves to an unsubscribe.
   * onConnectionChange(false) says notifications may be missed from now on; (true) that they flow again.
   */
  listen(channel: string, onMessage: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  /**
   * Runs start-up work (seeding) alone: on PostgreSQL under the advisory lock the migrations take, so
   * instances starting together take turns; PGlite has one process per data directory anyway.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /** The connection pool's use, on PostgreSQL (PGlite is one in-process connection: no pool). */
  poolStats?(): PoolStats;
  /** On the embedded database: what opening its data directory did (the server logs it). */
  dataDir?: DataDirReport;
  close(): Promise<void>;
}

export interface DataDirReport {
  /** The database was created by this open (the directory held nothing of a shop). */
  created: boolean;
  /** Files and folders whose modes let other users in, made the owner's only. */
  tightened: number;
  /** A restore that a crash interrupted was finished. */
  restoreCompleted: boolean;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export interface ListenOptions {
  onConnectionChange?: (connected: boolean) => void;
}

export type OpenDatabaseOptions =
  | { databaseUrl: string; logger?: Logger; poolSize?: number }
  | { dataDir: string; logger?: Logger; lock?: Pick<AcquireOptions, 'onWait' | 'onCompromised'> }
  | { loadDataDir: Blob; logger?: Logger };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.logger, options.poolSize);
  if ('dataDir' in options) return openPglite({ dataDir: options.dataDir, lock: options.lock });
  return openPglite({ loadDataDir: options.loadDataDir });
}

/**
 * DATA_DIR made the owner's and locked, an interrupted restore finished, then the database opened: created
 * only when the directory holds nothing of a shop; a damaged one is refused (DataDirDamagedError), untouched.
 */
async function openDataDir(dataDir: string, lockOptions: OpenPgliteSource['lock']): Promise<{ client: PGlite; lock: DataDirLock; report: DataDirReport }> {
  const { created: dirCreated } = makeDataDir(dataDir);
  // PGlite has no lock of its own: two processes on one directory silently lose rows.
  const lock = await acquireDataDirLock(dataDir, { command: 'servidor', ...lockOptions });
  try {
    const restoreCompleted = completePendingRestore(dataDir);
    const state = inspectDataDir(dataDir);
    // Only a directory found whole is touched: modes other users could read are made the owner's.
    const tightened = tightenModes(dataDir);
    let client: PGlite;
    // An aborted start leaves PostgreSQL's pid file behind: the only file it writes before it reads the WAL.
    const pidFile = path.join(dataDir, PGLITE_DIR, 'postmaster.pid');
    const hadPidFile = fs.existsSync(pidFile);
    try {
      client = await openPgliteOnDisk(path.join(dataDir, PGLITE_DIR));
    } catch (error) {
      if (state === 'new') throw error;
      if (!hadPidFile) fs.rmSync(pidFile, { force: true });
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new DataDirDamagedError(
        dataDir,
        `o PostgreSQL embutido não conseguiu ler os arquivos do banco (o arquivo de controle global/pg_control ou o log de transações pg_wal/ danificados; erro: ${reason})`,
      );
    }
    return { client, lock, report: { created: dirCreated || state === 'new', tightened, restoreCompleted } };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

interface OpenPgliteSource {
  dataDir: string;
  lock?: Pick<AcquireOptions, 'onWait' | 'onCompromised'>;
}

async function openPglite(source: OpenPgliteSource | { loadDataDir: Blob }): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  let client: PGlite;
  let report: DataDirReport | undefined;
  if ('dataDir' in source) {
    ({ client, lock, report } = await openDataDir(source.dataDir, source.lock));
  } else {
    client = await PGlite.create({ loadDataDir: source.loadDataDir, startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS });
  }
  gatePglite(client);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => undefined);
    await lock?.release();
    throw error;
  }
  return {
    kind: 'pglite',
    db,
    dataDir: report,
    async listen(channel, onMessage) {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    async ping() {
      await client.query('select 1');
    },
    withStartupLock: (work) => work(),
    async close() {
      if (!client.closed) await client.close();
      await lock?.release();
    },
  };
}

// A connection can die while a request holds it between two queries; the driver then emits 'error'
// on a client nobody listens to, which would end the process. The query that follows fails instead
// (and the request answers 503), so the event itself needs no handling. (Not named *Pool*: drizzle takes
// any client whose class name contains "Pool" for a pool.)
class GuardedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

// A failed connection attempt is a plain socket error (ECONNREFUSED...): marked, it tells the error handler
// that the database is unreachable, not some other service a request was calling.
// Every checkout passes the priority gate first (db/priority.ts) and holds its turn until released: a
// query (pool.query checks out a client through the callback form) or a whole transaction.
class DatabasePool extends pg.Pool {
  readonly gate = createPriorityGate();

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const turn = this.gate.enter();
    if (!callback) {
      return turn.then(async (leave) => {
        try {
          return holdTurnUntilRelease(await super.connect(), leave);
        } catch (error) {
          leave();
          throw markDatabaseConnectionError(error);
        }
      });
    }
    void turn.then((leave) =>
      super.connect((error, client, done) => {
        if (error || !client) {
          leave();
          return callback(error && markDatabaseConnectionError(error), client, done);
        }
        // The turn's release stands for the pool's own `done` (which is the client's release, unwrapped).
        const held = holdTurnUntilRelease(client, leave);
        callback(undefined, held, (release) => held.release(release as Error | boolean | undefined));
      }),
    );
  }
}

/** The gate's turn ends when the client goes back to the pool (pg-pool sets `release` at each checkout). */
function holdTurnUntilRelease(client: pg.PoolClient, leave: () => void): pg.PoolClient {
  const release = client.release.bind(client);
  client.release = (error?: Error | boolean) => {
    leave();
    return release(error);
  };
  return client;
}

/** PGlite's public entry points through the priority gate: a query, a script, or a whole transaction. */
function gatePglite(client: PGlite) {
  const gate = createPriorityGate({ backgroundLanes: 1 });
  const through =
    <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const leave = await gate.enter();
      try {
        return await operation(...args);
      } finally {
        leave();
      }
    };
  client.query = through(client.query.bind(client)) as PGlite['query'];
  client.exec = through(client.exec.bind(client));
  client.transaction = through(client.transaction.bind(client)) as PGlite['transaction'];
}

/** The advisory lock of migrations and seeding (pg_advisory_lock). */
export const STARTUP_LOCK_KEY = 7268454;

/** How long a request waits for a connection before answering 503: an outage must fail fast. */
export const CONNECTION_TIMEOUT_MS = 3_000;

async function openPostgres(databaseUrl: string, logger?: Logger, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new DatabasePool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    Client: GuardedClient,
  });
  // Without a listener, a database restart would crash the process through an unhandled 'error'. Losing
  // idle connections is part of an outage, which the error handler logs once.
  pool.on('error', (error) => logger?.debug({ reason: error.message }, 'conexão ociosa do PostgreSQL perdida'));
  const db = drizzlePg(pool, { schema });

  const migrationClient = await pool.connect();
  try {
    // Several instances may start together: one migrates, the others wait.
    await migrationClient.query(`select pg_advisory_lock(${STARTUP_LOCK_KEY})`);
    await migratePg(drizzlePg(migrationClient), { migrationsFolder });
  } finally {
    await migrationClient.query(`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`).catch(() => undefined);
    migrationClient.release();
  }
  // Seeding takes the same lock, held on a connection of its own while the work uses the rest of the
  // pool (so it needs a pool of two or more).
  const withStartupLock = async <T>(work: () => Promise<T>): Promise<T> => {
    const lockClient = await pool.connect();
    try {
      await lockClient.query(`select pg_advisory_lock(${STARTUP_LOCK_KEY})`);
      return await work();
    } finally {
      await lockClient.query(`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`).catch(() => undefined);
      lockClient.release();
    }
  };

  const listeners = new Set<{ stop: () => Promise<void> }>();
  return {
    kind: 'postgres',
    db,
    async listen(channel, onMessage, options) {
      const listener = await listenWithReconnect(databaseUrl, channel, onMessage, logger, options?.onConnectionChange);
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async ping() {
      await pool.query('select 1');
    },
    withStartupLock,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    async close() {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      await pool.end();
    },
  };
}

// LISTEN needs its own connection (a pooled one would be handed to other queries). It reconnects every
// second while the database is away, logging the loss once and the return once.
async function listenWithReconnect(
  databaseUrl: string,
  channel: string,
  onMessage: (payload: string) => void,
  logger?: Logger,
  onConnectionChange?: (connected: boolean) => void,
): Promise<{ stop: () => Promise<void> }> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let lostAt: number | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    // Only the established connection triggers a reconnection; a failed attempt is retried by its caller.
    const lost = (error?: Error) => {
      if (client !== next || stopped) return;
      if (lostAt === undefined) {
        lostAt = Date.now();
        logger?.warn({ reason: error?.message ?? 'conexão encerrada' }, 'conexão LISTEN perdida; reconectando');
        onConnectionChange?.(false);
      }
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    if (lostAt !== undefined) {
      logger?.info({ durationMs: Date.now() - lostAt }, 'conexão LISTEN restabelecida');
      lostAt = undefined;
      onConnectionChange?.(true);
    }
  };

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    client = undefined;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch(() => scheduleReconnect());
    }, 1_000);
    retryTimer.unref();
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/** Migrations shipped with this build, and how many of them the database has recorded as applied. */
export async function migrationState(db: Database): Promise<{ expected: number; applied: number; pending: number }> {
  const journal = JSON.parse(await fs.promises.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  const shipped = journal.entries.map((entry) => entry.when);
  // Drizzle's migrator records each applied migration by its journal time in drizzle.__drizzle_migrations.
  const result = await db.execute<{ created_at: string | number }>(sql`select created_at from drizzle.__drizzle_migrations`);
  const recorded = new Set(result.rows.map((row) => Number(row.created_at)));
  const applied = shipped.filter((when) => recorded.has(when)).length;
  return { expected: shipped.length, applied, pending: shipped.length - applied };
}
