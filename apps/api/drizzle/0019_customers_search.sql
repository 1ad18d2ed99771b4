-- Clientes' search at 100,000 customers (issue 46): ILIKE '%…%' over name, e-mail and WhatsApp served by
-- trigram indexes. pg_trgm is a trusted extension (PostgreSQL 13+): a superuser or the database's owner can
-- create it (docs/operations.md); PGlite loads its pg_trgm contrib at every start (db/data-dir.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The renewal sweep records reminders and queues a send job per page; the job inserts each reminder's link
-- once (unique reminder_id) and mails only the links it inserted, so a job run twice sends nothing twice.
ALTER TABLE "subscription_access_links" ADD COLUMN "reminder_id" uuid;--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_whatsapp_trgm_idx" ON "customers" USING gin ("whatsapp" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_access_links_reminder_idx" ON "subscription_access_links" USING btree ("reminder_id");
