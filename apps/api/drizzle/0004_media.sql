ALTER TABLE "media_titles" ADD COLUMN "original_title" text;--> statement-breakpoint
ALTER TABLE "media_titles" ADD COLUMN "original_language" text;--> statement-breakpoint
ALTER TABLE "media_titles" ADD COLUMN "backdrops" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "media_titles" ADD COLUMN "popularity" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "media_titles" ADD COLUMN "trending_rank" integer;--> statement-breakpoint
ALTER TABLE "media_titles" ADD COLUMN "runtime" integer;--> statement-breakpoint
ALTER TABLE "media_titles" ADD COLUMN "number_of_seasons" integer;--> statement-breakpoint
ALTER TABLE "media_titles" ADD COLUMN "number_of_episodes" integer;--> statement-breakpoint
ALTER TABLE "media_titles" ADD COLUMN "homepage" text;--> statement-breakpoint
ALTER TABLE "media_titles" ADD COLUMN "imdb_id" text;--> statement-breakpoint
ALTER TABLE "media_titles" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "media_titles_type_active_idx" ON "media_titles" USING btree ("media_type","is_active");