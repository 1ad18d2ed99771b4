import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childProcessEnv, createTestDatabase, tempDir, testAdminUrl, testDbKind, withDatabase, type TestDatabase } from '../../test/database.ts';
import { builtEntry } from '../../test/server-build.ts';
import { filesUnder } from '../modules/uploads/uploads.test-support.ts';
import { createDiskStorage } from '../shared/storage/disk-storage.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import {
  appFiles,
  apps,
  discountRates,
  mediaTitles,
  plans,
  providerCosts,
  providers,
  rechargeContacts,
  resellerPlans,
  shortcuts,
  siteConfigurations,
  uploads,
} from './schema.ts';
import { demoApps } from './seed-data.ts';
import { demoMediaTitles } from './seed-media-data.ts';
import { seedDatabase, seedDemoData, type SeedOptions } from './seed.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Every row the demo writes, counted. */
async function demoCounts(db: DatabaseHandle['db']) {
  const [plansCount, appsCount, shortcutsCount, resellerCount, providersCount, mediaCount, filesCount, contactsCount] = await Promise.all([
    db.$count(plans),
    db.$count(apps),
    db.$count(shortcuts),
    db.$count(resellerPlans),
    db.$count(providers),
    db.$count(mediaTitles),
    db.$count(appFiles),
    db.$count(rechargeContacts),
  ]);
  return {
    plans: plansCount,
    apps: appsCount,
    shortcuts: shortcutsCount,
    resellerPlans: resellerCount,
    providers: providersCount,
    mediaTitles: mediaCount,
    appFiles: filesCount,
    rechargeContacts: contactsCount,
  };
}

const NO_DEMO = { plans: 0, apps: 0, shortcuts: 0, resellerPlans: 0, providers: 0, mediaTitles: 0, appFiles: 0, rechargeContacts: 0 };
// Demo apps with installers: two platforms each.
const DEMO_INSTALLERS = demoApps.length * 2;
const ONE_DEMO = {
  plans: 3,
  apps: demoApps.length,
  shortcuts: 2,
  resellerPlans: 7,
  providers: 2,
  mediaTitles: demoMediaTitles.length,
  appFiles: DEMO_INSTALLERS,
  rechargeContacts: 1,
};

// Each case seeds a whole demo (28 titles, 16 installers): slow on a loaded machine.
describe('what a start writes', { timeout: 180_000 }, () => {
  let database: TestDatabase;
  let dataDir: string;
  let options: (demo: SeedOptions['demo']) => SeedOptions;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = tempDir();
    const storage = await createDiskStorage({ root: path.join(dataDir, 'uploads') });
    options = (demo) => ({ demo, storage });
  }, 180_000);
  afterAll(() => database.close());

  it('without the demo (PostgreSQL without SEED_DEMO): the defaults only, no plans, apps, PIX or reseller offers', async () => {
    expect(await seedDatabase(database, options(false))).toEqual({ defaults: true, demo: false });
    expect(await demoCounts(database.db)).toEqual(NO_DEMO);
    expect(filesUnder(dataDir)).toEqual([]);
    const sections = await database.db.selectDistinct({ section: siteConfigurations.section }).from(siteConfigurations);
    expect(sections.map((row) => row.section)).toEqual(expect.arrayContaining(['header', 'footer', 'legal', 'assistant']));
    expect(sections.map((row) => row.section)).not.toContain('payments');
    expect(await database.db.$count(discountRates)).toBeGreaterThan(0);
    // Not the first start any more: the embedded default does not bring the demo in later.
    expect(await seedDatabase(database, options('first-start'))).toEqual({ defaults: false, demo: false });
    expect(await demoCounts(database.db)).toEqual(NO_DEMO);
  });

  it('with SEED_DEMO=true later: the demo once, and never again after the admin deleted it', async () => {
    expect(await seedDatabase(database, options(true))).toEqual({ defaults: false, demo: true });
    expect(await demoCounts(database.db)).toEqual(ONE_DEMO);
    expect(filesUnder(dataDir)).toHaveLength(DEMO_INSTALLERS);
    expect(await seedDatabase(database, options(true))).toEqual({ defaults: false, demo: false });
    expect(await demoCounts(database.db)).toEqual(ONE_DEMO);

    await database.db.delete(plans).where(sql`true`);
    expect(await seedDatabase(database, options(true))).toEqual({ defaults: false, demo: false });
    expect(await database.db.$count(plans)).toBe(0);
  });

  it('the demo PIX shortcut is visibly an example and carries no key that could receive money', async () => {
    const [pix] = await database.db.select().from(shortcuts).where(eq(shortcuts.type, 'pix'));
    expect(pix!.name).toMatch(/exemplo/i);
    expect(pix!.pixData!.key).toMatch(/\.invalid$/);
    expect(pix!.pixData!.description).toMatch(/exemplo/i);
    const everything = JSON.stringify(await database.db.select().from(siteConfigurations));
    expect(everything).not.toContain('pagamentos@');
    expect(everything).not.toContain('"pix_key"');
  });
});

describe('the embedded database’s first start (npm start on an empty DATA_DIR)', { timeout: 180_000 }, () => {
  it('writes the defaults and the demo', async () => {
    const database = await createTestDatabase();
    const storage = await createDiskStorage({ root: path.join(tempDir(), 'uploads') });
    try {
      expect(await seedDatabase(database, { demo: 'first-start', storage })).toEqual({ defaults: true, demo: true });
      expect(await demoCounts(database.db)).toEqual(ONE_DEMO);
      expect(await seedDatabase(database, { demo: 'first-start', storage })).toEqual({ defaults: false, demo: false });
      expect(await demoCounts(database.db)).toEqual(ONE_DEMO);
    } finally {
      await database.close();
    }
  });
});

describe('two instances starting together with SEED_DEMO=true', { timeout: 180_000 }, () => {
  // PostgreSQL: a database created empty (not from the migrated template), so migrations race too.
  // PGlite has one process per data directory: two seedings of one handle at once.
  it('both come up and the demo is written once', async () => {
    const dataDir = tempDir();
    const storage = await createDiskStorage({ root: path.join(dataDir, 'uploads') });
    let handles: DatabaseHandle[] = [];
    let drop: (() => Promise<void>) | undefined;
    try {
      if (testDbKind() === 'postgres') {
        const adminUrl = testAdminUrl();
        const name = `vitrine_seed_race_${randomBytes(5).toString('hex')}`;
        const run = async (sql: string) => {
          const client = new pg.Client({ connectionString: adminUrl });
          await client.connect();
          try {
            await client.query(sql);
          } finally {
            await client.end();
          }
        };
        await run(`create database ${name}`);
        drop = () => run(`drop database if exists ${name} with (force)`);
        const url = withDatabase(adminUrl, name);
        handles = await Promise.all([0, 1].map(() => openDatabase({ databaseUrl: url, poolSize: 3 })));
      } else {
        const single = await createTestDatabase();
        handles = [single, single];
      }
      const results = await Promise.all(handles.map((handle) => seedDatabase(handle, { demo: true, storage })));
      expect(results.filter((result) => result.demo)).toHaveLength(1);
      expect(results.filter((result) => result.defaults)).toHaveLength(1);
      expect(await demoCounts(handles[0]!.db)).toEqual(ONE_DEMO);
      expect(await handles[0]!.db.$count(uploads)).toBe(DEMO_INSTALLERS);
      // The instance that lost the race stored no installer of its own that nobody points to.
      expect(filesUnder(dataDir)).toHaveLength(DEMO_INSTALLERS);
    } finally {
      await Promise.all([...new Set(handles)].map((handle) => handle.close()));
      await drop?.();
    }
  });
});

describe('npm run db:seed', () => {
  const runSeed = (env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [builtEntry('db-seed')], {
        cwd: repoRoot,
        env: { ...childProcessEnv(), LOG_LEVEL: 'silent', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => resolve({ code, output }));
    });

  it('writes the demo into the database the server would use, and a second run adds nothing', { timeout: 480_000 }, async () => {
    const dataDir = tempDir();
    const postgres = testDbKind() === 'postgres' ? await createTestDatabase() : undefined;
    const env = { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url! } : {}) };
    try {
      const first = await runSeed(env);
      expect(first, first.output).toMatchObject({ code: 0 });
      expect(first.output).toContain('Dados de demonstração gravados');
      const second = await runSeed(env);
      expect(second, second.output).toMatchObject({ code: 0 });
      expect(second.output).toContain('já estavam no banco');
      const database = postgres ?? (await openDatabase({ dataDir }));
      try {
        expect(await demoCounts(database.db)).toEqual(ONE_DEMO);
      } finally {
        if (!postgres) await database.close();
      }
      expect(filesUnder(dataDir)).toHaveLength(DEMO_INSTALLERS);
    } finally {
      await postgres?.close();
    }
  });
});

describe('demo data', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db);
  }, 180_000);
  afterAll(() => database.close());

  it('has the three plans the assistant quotes', async () => {
    const rows = await database.db.select().from(plans).orderBy(asc(plans.priceMonthly));
    expect(rows.map((row) => [row.name, row.priceMonthly])).toEqual([
      ['Básico', 35],
      ['Premium', 40],
      ['Family', 50],
    ]);
  });

  it("has the specification's monthly and active-user reseller tables", async () => {
    const monthly = await database.db.select().from(resellerPlans).where(eq(resellerPlans.type, 'monthly')).orderBy(asc(resellerPlans.credits));
    expect(monthly.map((row) => [row.credits, row.price])).toEqual([
      [50, 120],
      [100, 180],
      [150, 240],
      [200, 300],
    ]);
    const active = await database.db.select().from(resellerPlans).where(eq(resellerPlans.type, 'active_users')).orderBy(asc(resellerPlans.credits));
    expect(active.map((row) => [row.credits, row.pricePerCredit, row.minimumMonthly])).toEqual([
      [5, 7, 35],
      [10, 6.5, 65],
      [20, 6, 120],
    ]);
  });

  it('has two providers whose cost tiers come from the reference price tables', async () => {
    const rows = await database.db.select().from(providers).orderBy(asc(providers.name));
    expect(rows.map((row) => row.name)).toEqual(['StreamMax', 'TurboCast']);
    const tiers = await database.db
      .select()
      .from(providerCosts)
      .where(eq(providerCosts.providerId, rows[0]!.id))
      .orderBy(asc(providerCosts.planType), asc(providerCosts.quantity));
    expect(tiers).toHaveLength(13);
    const annual = tiers.filter((tier) => tier.planType === 'annual').map((tier) => [tier.quantity, tier.unitCost, tier.totalCost]);
    expect(annual).toEqual([
      [5, 117, 585],
      [50, 105, 5250],
      [500, 46, 23000],
    ]);
  });

  it('has one PIX and one webhook shortcut, and the header and footer configuration', async () => {
    const rows = await database.db.select().from(shortcuts).orderBy(asc(shortcuts.orderIndex));
    expect(rows.map((row) => row.type)).toEqual(['pix', 'webhook']);
    const sections = await database.db.selectDistinct({ section: siteConfigurations.section }).from(siteConfigurations);
    expect(sections.map((row) => row.section)).toEqual(expect.arrayContaining(['header', 'footer']));
  });
});
