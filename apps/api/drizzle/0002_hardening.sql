CREATE TABLE "app_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" bigint NOT NULL,
	"window_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_signups_email_unique" UNIQUE("email"),
	CONSTRAINT "pending_signups_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "pro_users" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE INDEX "app_rate_limits_expiry_idx" ON "app_rate_limits" USING btree ("window_start");--> statement-breakpoint
ALTER TABLE "pro_users" ADD CONSTRAINT "pro_users_id_unique" UNIQUE("id");--> statement-breakpoint
-- PRO-user change events carry the surrogate id, not the e-mail.
DROP TRIGGER IF EXISTS pro_users_notify_change ON "pro_users";
--> statement-breakpoint
CREATE TRIGGER pro_users_notify_change AFTER INSERT OR UPDATE OR DELETE ON "pro_users" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
--> statement-breakpoint
-- Accounts that were never confirmed were created with a password typed at sign-up, which anyone
-- could have typed: drop them, so only the mailbox owner's own sign-up can create the account.
DELETE FROM "users" WHERE "email_verified" = false;
--> statement-breakpoint
-- The application's limits used to share better-auth's table (which expires rows after its own
-- window); they now live in app_rate_limits.
DELETE FROM "rate_limits" WHERE "key" LIKE 'rl:%';
