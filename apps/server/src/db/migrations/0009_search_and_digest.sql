-- Trigram matching for the report search (a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_mail" text DEFAULT 'digest' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "records_search_text_idx" ON "records" USING gin ("search_text" gin_trgm_ops) WHERE "records"."deleted_at" is null;