CREATE TABLE "app_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"upload_id" uuid,
	"external_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_files_one_target" CHECK (("app_files"."upload_id" is null) <> ("app_files"."external_url" is null))
);
--> statement-breakpoint
ALTER TABLE "app_files" ADD CONSTRAINT "app_files_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_files" ADD CONSTRAINT "app_files_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_files_app_platform_key" ON "app_files" USING btree ("app_id","platform");--> statement-breakpoint
-- Browsers and the public read cache hear of changes to downloadable files (the app list shows the platforms).
CREATE TRIGGER app_files_notify_change AFTER INSERT OR UPDATE OR DELETE ON "app_files" FOR EACH ROW EXECUTE FUNCTION vitrine_notify_change('id');
