CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
DROP INDEX "competencies_department_type_title_idx";--> statement-breakpoint
DROP INDEX "specialities_department_title_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_pending_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "transactional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "ever_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "competencies_department_college_type_title_idx" ON "competencies" USING btree ("department_id",coalesce("college_id", '00000000-0000-0000-0000-000000000000'::uuid),"type",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "specialities_department_college_title_idx" ON "specialities" USING btree ("department_id",coalesce("college_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("title"));--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("status","transactional","next_attempt_at");--> statement-breakpoint
UPDATE "records" SET "ever_verified" = true WHERE "verified_at" IS NOT NULL OR EXISTS (SELECT 1 FROM "record_scores" s WHERE s."record_id" = "records"."id");
