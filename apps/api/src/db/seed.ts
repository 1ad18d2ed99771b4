// What a database starts with. Defaults (site texts, legal pages, FAQs, the calculator's presets) are
// written once on every database; the demo (plans, apps, reseller offers, providers, media titles, an
// example PIX shortcut, demo installers) only when asked: the embedded database's first start,
// SEED_DEMO=true or `npm run db:seed`. Marker rows keep later starts from writing either again (an
// admin who deletes every plan must not see the demo plans come back), and each marker is written
// first in its transaction, so two instances racing each other write the rows once.
import { and, eq } from 'drizzle-orm';
import { roundMoney } from '@vitrine/domain/money';
import { localTitleValues } from '../modules/media/media.local-provider.ts';
import type { FileStorage } from '../shared/storage/storage.ts';
import type { Database, DatabaseHandle, DbExecutor } from './client.ts';
import {
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
  streamingApps,
  supplierPricing,
} from './schema.ts';
import { seedDemoAppFiles } from './seed-app-files.ts';
import {
  defaultDiscountRates,
  defaultSiteConfiguration,
  demoApps,
  demoPlans,
  demoProviders,
  demoRechargeContacts,
  demoResellerPlans,
  demoShortcuts,
  demoStreamingApps,
  demoSupplierPricing,
  referencePriceTiers,
} from './seed-data.ts';
import { demoMediaTitles } from './seed-media-data.ts';

const MARKER = { section: 'system', configKey: 'demo_seeded_at' } as const;
const DEFAULTS_MARKER = { section: 'system', configKey: 'defaults_written_at' } as const;

async function hasMarker(db: DbExecutor, marker: { section: string; configKey: string }): Promise<boolean> {
  const rows = await db
    .select({ id: siteConfigurations.id })
    .from(siteConfigurations)
    .where(and(eq(siteConfigurations.section, marker.section), eq(siteConfigurations.configKey, marker.configKey)))
    .limit(1);
  return rows.length > 0;
}

/** Whether the demo catalogue was ever written to this database. */
export const isSeeded = (db: DbExecutor) => hasMarker(db, MARKER);

/** Takes a marker inside a transaction; false when it was there already (written by an earlier start or another instance). */
async function takeMarker(tx: DbExecutor, marker: { section: string; configKey: string }): Promise<boolean> {
  const marked = await tx
    .insert(siteConfigurations)
    .values({ ...marker, configValue: new Date().toISOString(), isActive: false })
    .onConflictDoNothing()
    .returning({ id: siteConfigurations.id });
  return marked.length > 0;
}

/**
 * The defaults every shop needs, once per database. Returns true on the database's first start (the
 * defaults were written now). A database seeded before the defaults had a marker of their own already
 * holds these rows, or the admin's edits of them, and keeps them.
 */
export async function seedDefaults(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await takeMarker(tx, DEFAULTS_MARKER))) return false;
    if (await isSeeded(tx)) return true;
    await tx.insert(siteConfigurations).values(defaultSiteConfiguration).onConflictDoNothing();
    if ((await tx.$count(discountRates)) === 0) await tx.insert(discountRates).values(defaultDiscountRates);
    return true;
  });
}

/** The defaults, then the demo catalogue and media titles. Returns true when it wrote the demo catalogue now. */
export async function seedDemoData(db: Database): Promise<boolean> {
  await seedDefaults(db);
  const seeded = await db.transaction(async (tx) => {
    if (!(await takeMarker(tx, MARKER))) return false;
    await tx.insert(plans).values(demoPlans);
    await tx.insert(apps).values(demoApps);
    await tx.insert(streamingApps).values(demoStreamingApps);
    await tx.insert(shortcuts).values(demoShortcuts);
    await tx.insert(resellerPlans).values(demoResellerPlans);
    await tx.insert(supplierPricing).values(demoSupplierPricing);
    await tx.insert(rechargeContacts).values(demoRechargeContacts);
    for (const { provider, factor } of demoProviders) {
      const [row] = await tx.insert(providers).values(provider).returning({ id: providers.id });
      await tx.insert(providerCosts).values(
        referencePriceTiers.map(([planType, quantity, unitCost]) => ({
          providerId: row!.id,
          planType,
          quantity,
          unitCost: roundMoney(unitCost * factor),
        })),
      );
    }
    return true;
  });
  await seedDemoMedia(db);
  return seeded;
}

const MEDIA_MARKER = { section: 'system', configKey: 'demo_media_seeded_at' } as const;

/**
 * The local movie and series catalogue, once, with its own marker: installs seeded before it
 * existed get it on their next start. The marker is written first and only by one instance.
 */
export async function seedDemoMedia(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await takeMarker(tx, MEDIA_MARKER))) return false;
    await tx.insert(mediaTitles).values(demoMediaTitles.map(localTitleValues));
    return true;
  });
}

export interface SeedOptions {
  /**
   * true: write the demo unless it is there (SEED_DEMO=true, `npm run db:seed`); false: never;
   * 'first-start': only when this start found the database empty (the embedded database's default).
   */
  demo: boolean | 'first-start';
  storage: FileStorage;
}

export interface SeedResult {
  /** The defaults were written by this call (the database's first start). */
  defaults: boolean;
  /** The demo catalogue was written by this call. */
  demo: boolean;
}

/**
 * What a start (or `npm run db:seed`) writes, under the database's start-up lock: on PostgreSQL the
 * advisory lock the migrations take, so instances starting together seed one after the other and the
 * later ones find the markers.
 */
export async function seedDatabase(database: Pick<DatabaseHandle, 'db' | 'withStartupLock'>, { demo, storage }: SeedOptions): Promise<SeedResult> {
  return database.withStartupLock(async () => {
    const { db } = database;
    const defaults = await seedDefaults(db);
    const wanted = demo === true || (demo === 'first-start' && defaults);
    const demoWritten = wanted ? await seedDemoData(db) : false;
    // A database that has the demo gets the parts added after it was seeded (media titles, installers).
    if (wanted || (demo !== false && (await isSeeded(db)))) {
      await seedDemoMedia(db);
      await seedDemoAppFiles(db, storage);
    }
    return { defaults, demo: demoWritten };
  });
}
