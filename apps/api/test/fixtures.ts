// Fixture builders: a test declares the rows it needs, with unique names, instead of leaning on the
// demo seed's names and counts. Each builder inserts one row with sensible defaults and returns it.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { appFiles, apps, plans, resellerPlans, siteConfigurations, streamingApps, supplierPricing, uploads } from '../src/db/schema.ts';
import type { FileStorage } from '../src/shared/storage/storage.ts';

/** A short unique suffix, so rows of one test never collide with another's. */
export const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

export function fixtures(db: Database) {
  return {
    async plan(values: Partial<typeof plans.$inferInsert> = {}) {
      const [row] = await db
        .insert(plans)
        .values({ name: unique('Plano'), priceMonthly: 29.9, features: ['Recurso de teste'], ...values })
        .returning();
      return row!;
    },

    async app(values: Partial<typeof apps.$inferInsert> = {}) {
      const [row] = await db
        .insert(apps)
        .values({ name: unique('App'), description: 'Aplicativo de teste.', category: 'streaming', version: '1.0.0', ...values })
        .returning();
      return row!;
    },

    async streamingApp(values: Partial<typeof streamingApps.$inferInsert> = {}) {
      const [row] = await db
        .insert(streamingApps)
        .values({ name: unique('Streaming'), category: 'filmes-series', price: 10, ...values })
        .returning();
      return row!;
    },

    async resellerPlan(values: Partial<typeof resellerPlans.$inferInsert> = {}) {
      const [row] = await db
        .insert(resellerPlans)
        .values({ name: unique('Revenda'), type: 'monthly', credits: 10, price: 50, ...values })
        .returning();
      return row!;
    },

    async supplierPricing(values: Partial<typeof supplierPricing.$inferInsert> = {}) {
      const [row] = await db
        .insert(supplierPricing)
        .values({
          category: 'Planos P2P',
          supplier: unique('Fornecedor'),
          server: unique('Servidor'),
          costPerCredit: 5,
          username: 'usuario',
          panel: 'https://painel.example.com',
          clientPanel: 'https://cliente.example.com',
          ...values,
        })
        .returning();
      return row!;
    },

    /** An installer stored for one platform of an app, as an admin's upload would leave it. */
    async installer(storage: FileStorage, values: { appId: string; platform: string; bytes: Uint8Array; name: string; contentType?: string }) {
      const id = randomUUID();
      const storageName = `${id}.zip`;
      const contentType = values.contentType ?? 'application/zip';
      await storage.put(`app-installers/${storageName}`, Readable.from([Buffer.from(values.bytes)]), { contentType });
      await db.insert(uploads).values({ id, bucket: 'app-installers', storageName, originalName: values.name, contentType, sizeBytes: values.bytes.length });
      const [row] = await db.insert(appFiles).values({ appId: values.appId, platform: values.platform, uploadId: id }).returning();
      return row!;
    },

    async siteConfiguration(values: Partial<typeof siteConfigurations.$inferInsert> & { section: string; configKey: string }) {
      const [row] = await db
        .insert(siteConfigurations)
        .values({ configValue: 'valor', ...values })
        .returning();
      return row!;
    },
  };
}
export type Fixtures = ReturnType<typeof fixtures>;

/** The items of a list answer, whether a plain array or the paginated envelope `{ items, … }`. */
export function listItems<T>(body: T[] | { items: T[] }): T[] {
  return Array.isArray(body) ? body : body.items;
}

/** The expected names appear in this relative order among the actual ones (other rows may sit between). */
export function expectInOrder(actual: string[], expected: string[]) {
  const positions = expected.map((name) => actual.indexOf(name));
  expect(positions, `ausentes: ${expected.filter((_, index) => positions[index] === -1).join(', ')}`).not.toContain(-1);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
}
