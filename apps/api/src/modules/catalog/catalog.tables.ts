// The catalogue: plans, store apps with their downloads and codes, streaming apps.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from '../../db/columns.ts';
import { uploads } from '../uploads/uploads.tables.ts';

export const plans = pgTable('plans', {
  id: id(),
  name: text('name').notNull(),
  icon: text('icon'),
  // A price per billing period; missing period prices are derived from the monthly one on read.
  priceMonthly: money('price_monthly').notNull(),
  priceQuarterly: money('price_quarterly'),
  priceSemiannual: money('price_semiannual'),
  priceAnnual: money('price_annual'),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  isPopular: boolean('is_popular').notNull().default(false),
  isSpecial: boolean('is_special').notNull().default(false),
  active: boolean('active').notNull().default(true),
  /** Lower first on the storefront; plans with the same order go by monthly price. */
  displayOrder: integer('display_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type AppMedia = { type: 'image' | 'gif' | 'video'; url: string; caption?: string };

export const apps = pgTable(
  'apps',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default('streaming'),
    iconUrl: text('icon_url'),
    downloadUrl: text('download_url'),
    version: text('version').notNull().default('1.0.0'),
    sizeMb: real('size_mb'),
    rating: real('rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    // Star counts from 5 down to 1.
    ratingBreakdown: jsonb('rating_breakdown').$type<[number, number, number, number, number]>(),
    downloads: integer('downloads').notNull().default(0),
    price: money('price').notNull().default(0),
    developer: text('developer'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    changelog: text('changelog'),
    minVersion: text('min_version'),
    ram: text('ram'),
    storage: text('storage'),
    media: jsonb('media').$type<AppMedia[]>().notNull().default([]),
    isFeatured: boolean('is_featured').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('apps_active_name_idx').on(t.isActive, t.name)],
);

export const downloadCodes = pgTable(
  'download_codes',
  {
    id: id(),
    code: text('code').notNull(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    isUsed: boolean('is_used').notNull().default(false),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('download_codes_code_key').on(t.code)],
);

// What an app downloads on each platform: an installer stored through the file storage (an upload in
// the 'app-installers' bucket) or an external https link; one per platform.
export const appFiles = pgTable(
  'app_files',
  {
    id: id(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'cascade' }),
    externalUrl: text('external_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('app_files_app_platform_key').on(t.appId, t.platform),
    check('app_files_one_target', sql`(${t.uploadId} is null) <> (${t.externalUrl} is null)`),
  ],
);

export type StreamingAppFaq = { question: string; answer: string };

export const streamingApps = pgTable('streaming_apps', {
  id: id(),
  name: text('name').notNull(),
  iconUrl: text('icon_url'),
  description: text('description').notNull().default(''),
  category: text('category').notNull(),
  rating: real('rating').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
  // The reseller price; the client price is derived (1.5 × reseller price).
  price: money('price').notNull(),
  developer: text('developer'),
  version: text('version').notNull().default('1.0.0'),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  screenshots: jsonb('screenshots').$type<string[]>().notNull().default([]),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  minVersion: text('min_version'),
  ram: text('ram'),
  storage: text('storage'),
  internetSpeed: text('internet_speed'),
  faq: jsonb('faq').$type<StreamingAppFaq[]>().notNull().default([]),
  hasMonthlyLicense: boolean('has_monthly_license').notNull().default(true),
  hasAnnualLicense: boolean('has_annual_license').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  isFeatured: boolean('is_featured').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
