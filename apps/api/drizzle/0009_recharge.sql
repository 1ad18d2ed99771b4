CREATE TABLE "recharge_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pricing_calculations_provider_idx" ON "pricing_calculations" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_bucket_name_key" ON "uploads" USING btree ("bucket","storage_name");--> statement-breakpoint
ALTER TABLE "credit_orders" DROP COLUMN "delivery_status";--> statement-breakpoint
-- Open admin screens refresh when another admin changes the contacts.
CREATE TRIGGER recharge_contacts_notify_change AFTER INSERT OR UPDATE OR DELETE ON "recharge_contacts" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
