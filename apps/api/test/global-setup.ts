// Prepares, once per run, what each test file clones: a migrated PGlite data directory
// and (with TEST_DATABASE_URL) a migrated PostgreSQL template database; and the compiled server that the
// tests starting processes run (test/server-build.ts).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../src/db/client.ts';
import { openPgliteOnDisk, PGLITE_EXTENSIONS } from '../src/db/data-dir.ts';
import { PG_TEMPLATE_DB, pgSnapshotDir, pgSnapshotPath, withDatabase } from './database.ts';
import { buildServerForTests } from './server-build.ts';

export default async function setup() {
  // The build runs in a process of its own, beside the databases' preparation.
  const [removeBuild] = await Promise.all([
    buildServerForTests(),
    preparePgliteSnapshot().then(() => (process.env.TEST_DATABASE_URL ? preparePostgresTemplate(process.env.TEST_DATABASE_URL) : undefined)),
  ]);
  return () => {
    removeBuild?.();
    // A later run in this process (watch mode) migrates the template again.
    delete process.env[PG_TEMPLATE_READY_ENV];
  };
}

/** The migrated PGlite directory the tests copy (test/database.ts), made once per set of migrations. */
export async function preparePgliteSnapshot() {
  // Keyed by the migrations' names and contents, so an edited migration rebuilds the snapshot.
  const migrations = fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort();
  const hash = createHash('sha256');
  for (const file of migrations) {
    const full = path.join(migrationsFolder, file);
    hash.update(file).update('\0');
    if (fs.statSync(full).isFile()) hash.update(fs.readFileSync(full));
  }
  const fingerprint = hash.digest('hex');
  const marker = `${pgSnapshotPath}.key`;
  const dirMarker = `${pgSnapshotDir}.key`;
  const current = (file: string) => fs.existsSync(file) && fs.readFileSync(file, 'utf8') === fingerprint;
  if (fs.existsSync(pgSnapshotPath) && current(marker) && current(dirMarker)) return;
  fs.mkdirSync(path.dirname(pgSnapshotPath), { recursive: true });
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  fs.writeFileSync(pgSnapshotPath, Buffer.from(await dump.arrayBuffer()));
  fs.writeFileSync(marker, fingerprint);
  // The directory the test databases are copied from: the snapshot loaded once, checkpointed and shut
  // down cleanly, so each copy starts without replaying the migrations' WAL.
  fs.rmSync(pgSnapshotDir, { recursive: true, force: true });
  // Owner-only files, as the server writes them: a copy opened by a test has nothing to tighten.
  const unpacked = await openPgliteOnDisk(pgSnapshotDir, { loadDataDir: dump });
  await unpacked.exec('checkpoint');
  await unpacked.close();
  fs.writeFileSync(dirMarker, fingerprint);
}

/** Set once this run's template is migrated: both API projects run this setup, in one process, one after the other. */
const PG_TEMPLATE_READY_ENV = 'VITRINE_TEST_PG_TEMPLATE_READY';

async function preparePostgresTemplate(adminUrl: string) {
  // The second project's setup would drop the template the first made and migrate it again (0.4-1.5 s before any test starts).
  if (process.env[PG_TEMPLATE_READY_ENV] === `${adminUrl} ${PG_TEMPLATE_DB}`) return;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ databaseUrl: withDatabase(adminUrl, PG_TEMPLATE_DB), poolSize: 1 });
  await handle.close();
  process.env[PG_TEMPLATE_READY_ENV] = `${adminUrl} ${PG_TEMPLATE_DB}`;
}
