CREATE TABLE "whatsapp_early_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wa_message_id" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "whatsapp_early_statuses_message_idx" ON "whatsapp_early_statuses" USING btree ("wa_message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_early_statuses_created_idx" ON "whatsapp_early_statuses" USING btree ("created_at");