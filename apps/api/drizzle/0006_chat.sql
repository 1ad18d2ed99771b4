CREATE TABLE "chat_handoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"message_id" uuid,
	"request" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_payment_intents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item_name" text NOT NULL,
	"plan_id" uuid,
	"period" text,
	"credits" integer,
	"amount" numeric(12, 2) NOT NULL,
	"txid" text NOT NULL,
	"br_code" text NOT NULL,
	"pix_key" text NOT NULL,
	"recipient" text NOT NULL,
	"city" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "state" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "payment_intent_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_handoffs" ADD CONSTRAINT "chat_handoffs_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_handoffs" ADD CONSTRAINT "chat_handoffs_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_payment_intents" ADD CONSTRAINT "chat_payment_intents_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_payment_intents" ADD CONSTRAINT "chat_payment_intents_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_handoffs_created_idx" ON "chat_handoffs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "chat_handoffs_conversation_idx" ON "chat_handoffs" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "chat_payment_intents_conversation_idx" ON "chat_payment_intents" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "chat_payment_intents_created_idx" ON "chat_payment_intents" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_payment_intent_id_chat_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."chat_payment_intents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_visitor_idx" ON "chat_conversations" USING btree ("visitor_id","created_at");