// `npm run db:seed`: writes the defaults and the demo (plans, apps, reseller offers, media titles, an
// example PIX shortcut, installers) into the database the server would use (DATABASE_URL, or else the
// embedded one in DATA_DIR), migrating it first. Idempotent: what is there already is not written again.
import { EnvError, loadEnv } from '../config/env.ts';
import { createStorageFromEnv } from '../shared/storage/storage-from-env.ts';
import { openDatabase } from './client.ts';
import { DataDirDamagedError } from './data-dir.ts';
import { DataDirLockedError } from './lock.ts';
import { seedDatabase } from './seed.ts';

async function main() {
  const env = loadEnv();
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  const storage = await createStorageFromEnv(env);
  try {
    const result = await seedDatabase(database, { demo: true, storage });
    const where = database.kind === 'pglite' ? `banco embutido em ${env.DATA_DIR}` : 'PostgreSQL';
    console.log(result.demo ? `Dados de demonstração gravados (${where}).` : `Os dados de demonstração já estavam no banco (${where}).`);
  } finally {
    await storage.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError || error instanceof DataDirLockedError || error instanceof DataDirDamagedError ? error.message : error);
  process.exit(1);
});
