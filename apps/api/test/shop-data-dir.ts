// A shop's embedded data directory for the tests of backups, restores and the data directory itself: the
// migrated database with a row of the test's own, one uploaded file and the session secret.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { siteConfigurations } from '../src/db/schema.ts';
import { resolveAuthSecret } from '../src/modules/access/auth-secret.ts';
import { createDiskStorage } from '../src/shared/storage/disk-storage.ts';
import { migratedDataDir } from './database.ts';

export const SHOP_UPLOAD = { key: 'site-images/logo-da-loja.png', bytes: Buffer.from('not really a PNG, but bytes that must come back') } as const;
/** The site configuration section of the test's own row. */
export const SHOP_SECTION = 'shop-data-dir-test';

export async function shopDataDir(greeting: string): Promise<string> {
  const dataDir = migratedDataDir();
  const database = await openDatabase({ dataDir });
  await database.db.insert(siteConfigurations).values({ section: SHOP_SECTION, configKey: 'greeting', configValue: { text: greeting } });
  await database.close();
  const storage = await createDiskStorage({ root: path.join(dataDir, 'uploads') });
  await storage.put(SHOP_UPLOAD.key, Readable.from([SHOP_UPLOAD.bytes]), { contentType: 'image/png' });
  await storage.close();
  resolveAuthSecret({ dataDir });
  return dataDir;
}

/** The test's rows ({ text }) and the uploaded file's bytes, read back from the directory. */
export async function readShop(dataDir: string): Promise<{ rows: unknown[]; file: Buffer }> {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await database.db.select().from(siteConfigurations).where(eq(siteConfigurations.section, SHOP_SECTION));
    return { rows: rows.map((row) => row.configValue), file: fs.readFileSync(path.join(dataDir, 'uploads', SHOP_UPLOAD.key)) };
  } finally {
    await database.close();
  }
}
