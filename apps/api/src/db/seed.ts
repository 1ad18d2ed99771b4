// Seeds demo data once, on an empty database. A marker row keeps later restarts from re-seeding
// (an admin who deletes every plan must not see the demo plans come back).
import { and, eq } from 'drizzle-orm';
import { roundMoney } from '@vitrine/domain/money';
import { localTitleValues } from '../modules/media/media.local-provider.ts';
import type { Database } from './client.ts';
import {
  apps,
  discountRates,
  mediaTitles,
  plans,
  providerCosts,
  providers,
  resellerPlans,
  shortcuts,
  siteConfigurations,
  streamingApps,
  supplierPricing,
  rechargeContacts,
} from './schema.ts';
import {
  demoApps,
  demoDiscountRates,
  demoPlans,
  demoProviders,
  demoRechargeContacts,
  demoResellerPlans,
  demoShortcuts,
  demoSiteConfiguration,
  demoStreamingApps,
  demoSupplierPricing,
  referencePriceTiers,
} from './seed-data.ts';
import { demoMediaTitles } from './seed-media-data.ts';

const MARKER = { section: 'system', configKey: 'demo_seeded_at' } as const;

export async function isSeeded(db: Database): Promise<boolean> {
  const rows = await db
    .select({ id: siteConfigurations.id })
    .from(siteConfigurations)
    .where(and(eq(siteConfigurations.section, MARKER.section), eq(siteConfigurations.configKey, MARKER.configKey)))
    .limit(1);
  return rows.length > 0;
}

/** Returns true when it seeded, false when the database already had its demo data. */
export async function seedDemoData(db: Database): Promise<boolean> {
  if (await isSeeded(db)) {
    await seedDemoMedia(db);
    return false;
  }
  await db.transaction(async (tx) => {
    await tx.insert(plans).values(demoPlans);
    await tx.insert(apps).values(demoApps);
    await tx.insert(streamingApps).values(demoStreamingApps);
    await tx.insert(shortcuts).values(demoShortcuts);
    await tx.insert(resellerPlans).values(demoResellerPlans);
    await tx.insert(supplierPricing).values(demoSupplierPricing);
    await tx.insert(discountRates).values(demoDiscountRates);
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
    await tx.insert(siteConfigurations).values([
      ...demoSiteConfiguration,
      { ...MARKER, configValue: new Date().toISOString(), isActive: false },
    ]);
  });
  await seedDemoMedia(db);
  return true;
}

const MEDIA_MARKER = { section: 'system', configKey: 'demo_media_seeded_at' } as const;

/**
 * The local movie and series catalogue, once, with its own marker: installs seeded before it
 * existed get it on their next start. The marker is written first and only by one instance.
 */
export async function seedDemoMedia(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(siteConfigurations)
      .values({ ...MEDIA_MARKER, configValue: new Date().toISOString(), isActive: false })
      .onConflictDoNothing()
      .returning({ id: siteConfigurations.id });
    if (marked.length === 0) return false;
    await tx.insert(mediaTitles).values(demoMediaTitles.map(localTitleValues));
    return true;
  });
}
