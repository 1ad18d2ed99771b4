CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"kind" text NOT NULL,
	"item_name" text NOT NULL,
	"conversation_id" uuid,
	"payment_intent_id" uuid,
	"txid" text NOT NULL,
	"br_code" text NOT NULL,
	"location" text,
	"end_to_end_id" text,
	"manual" boolean DEFAULT false NOT NULL,
	"marked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_intent_id_chat_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."chat_payment_intents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_psp_txid_idx" ON "payments" USING btree ("txid") WHERE "payments"."provider" = 'psp';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_end_to_end_idx" ON "payments" USING btree ("end_to_end_id");--> statement-breakpoint
CREATE INDEX "payments_conversation_idx" ON "payments" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","paid_at");--> statement-breakpoint
CREATE TRIGGER payments_notify_change AFTER INSERT OR UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
