ALTER TABLE "whatsapp_outbound_messages" ADD COLUMN "media" jsonb;--> statement-breakpoint
ALTER TABLE "whatsapp_outbound_messages" ADD COLUMN "media_id" text;