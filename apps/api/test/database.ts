// Test databases: a fresh PGlite cloned from the prepared snapshot, or (TEST_DB=postgres) a fresh
// PostgreSQL database copied from the migrated template.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { diskScratchRoot, runEnv, scratchRoot } from './scratch.ts';

// Two checkouts testing on one PostgreSQL at once give each its own template name.
export const PG_TEMPLATE_DB = process.env.TEST_PG_TEMPLATE ?? 'vitrine_test_template';
if (!/^[a-z_][a-z0-9_]*$/.test(PG_TEMPLATE_DB)) throw new Error('TEST_PG_TEMPLATE: use letras minúsculas, dígitos e _');
export const pgSnapshotPath = fileURLToPath(new URL('../../../.test-cache/pglite-migrated.tar.gz', import.meta.url));
/**
 * The same snapshot unpacked into a PGlite data directory (global-setup makes both). A test database is
 * a copy of this directory opened by PGlite on disk: about 40 % of the CPU of loading the tar.gz into
 * PGlite's in-memory file system (gunzip, untar, 40 MB copied into WebAssembly), and faster queries.
 */
export const pgSnapshotDir = fileURLToPath(new URL('../../../.test-cache/pglite-migrated.d', import.meta.url));

export type TestDbKind = 'pglite' | 'postgres';
export const testDbKind = (): TestDbKind => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export interface TestDatabase extends DatabaseHandle {
  /** For PostgreSQL: the URL of this test's own database (to start a second instance on it). */
  url?: string;
}

// Copies a test left open are removed when its worker exits.
const pgliteDirs = new Set<string>();
process.once('exit', () => {
  for (const dir of pgliteDirs) fs.rmSync(dir, { recursive: true, force: true });
});

export async function createTestDatabase(kind: TestDbKind = testDbKind()): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(scratchRoot, 'vitrine-pglite-'));
    fs.cpSync(pgSnapshotDir, path.join(dataDir, 'pglite'), { recursive: true });
    pgliteDirs.add(dataDir);
    const handle = await openDatabase({ dataDir });
    return {
      ...handle,
      async close() {
        await handle.close();
        // Removed beside the next test rather than before it: the name is never reused.
        void fs.promises
          .rm(dataDir, { recursive: true, force: true })
          .then(() => pgliteDirs.delete(dataDir))
          .catch(() => undefined);
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres requer TEST_DATABASE_URL');
  const name = `vitrine_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const handle = await openDatabase({ databaseUrl: url, poolSize: 5 });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/**
 * A temporary DATA_DIR whose embedded database is already created and migrated (a copy of the
 * snapshot): a server or command started on it skips PGlite's initdb and the migrations, as on a
 * shop's second start. Its seeding still happens at its first start.
 */
export function migratedDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(scratchRoot, 'vitrine-test-'));
  fs.cpSync(pgSnapshotDir, path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/** A new folder on the disk, in this run's folder (test/scratch.ts): removed when the run ends. */
export function tempDir(prefix = 'vitrine-test-'): string {
  return fs.mkdtempSync(path.join(diskScratchRoot, prefix));
}

/** The PostgreSQL server's admin URL for tests (TEST_DATABASE_URL), for tests that make databases of their own. */
export function testAdminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres requer TEST_DATABASE_URL');
  return url;
}

/** The environment a child process of a test starts from: the PATH and HOME, nothing of the test's own settings. */
export const childProcessEnv = (): Record<string, string> => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...runEnv() });
