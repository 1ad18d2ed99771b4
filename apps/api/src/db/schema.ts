// Every table of the application, for Drizzle (queries and drizzle-kit) and for code that needs several
// modules' tables. Each module owns its tables in <module>.tables.ts; one migration history covers them all.
export * from '../modules/catalog/catalog.tables.ts';
export * from '../modules/chat/chat.tables.ts';
export * from '../modules/resellers/resellers.tables.ts';
export * from '../modules/webhooks/webhooks.tables.ts';
export * from '../shared/jobs/jobs.tables.ts';
export * from '../modules/content/content.tables.ts';
export * from '../modules/uploads/uploads.tables.ts';
export * from '../modules/media/media.tables.ts';
export * from '../modules/access/access.tables.ts';
export * from '../shared/mailer.tables.ts';
export * from '../modules/analytics/analytics.tables.ts';
export * from '../shared/audit/audit.tables.ts';
export * from '../modules/payments/payments.tables.ts';
export * from '../modules/customers/customers.tables.ts';
export * from '../modules/customers/purchases.tables.ts';
export * from '../modules/whatsapp/whatsapp.tables.ts';
