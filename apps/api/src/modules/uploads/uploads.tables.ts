// Stored files: one row per object in the file storage.
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';

/** `createdBy` of the files the demo seed writes (its installers are demonstration packages, not apps). */
export const DEMO_SEED_AUTHOR = 'demo-seed';

export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    bucket: text('bucket').notNull(),
    storageName: text('storage_name').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdBy: text('created_by'),
    // A visitor's chat file: who sent it (the visitor id, the SHA-256 its conversations keep) and from
    // where (a SHA-256 of the client address, IPv6 by its /64), for the per-visitor and per-address
    // quotas. Null for files of the shop's own users.
    visitorId: text('visitor_id'),
    addressKey: text('address_key'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uploads_bucket_name_key').on(t.bucket, t.storageName)],
);
