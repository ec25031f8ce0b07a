CREATE TABLE "patient_access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"viewer_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"ip" text,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "records" ALTER COLUMN "sensitive_details" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "identifiers_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patient_access_log" ADD CONSTRAINT "patient_access_log_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_access_log" ADD CONSTRAINT "patient_access_log_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_access_log" ADD CONSTRAINT "patient_access_log_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_access_log_viewed_idx" ON "patient_access_log" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "patient_access_log_student_idx" ON "patient_access_log" USING btree ("student_id","viewed_at");--> statement-breakpoint
CREATE INDEX "patient_access_log_viewer_idx" ON "patient_access_log" USING btree ("viewer_id","viewed_at");