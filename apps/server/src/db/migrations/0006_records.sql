CREATE TABLE "record_scores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid NOT NULL,
	"status" text NOT NULL,
	"score" jsonb,
	"remark" text,
	"by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"student_id" uuid NOT NULL,
	"college_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"date" date,
	"teacher_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"student_remark" text,
	"verifier_remark" text,
	"score" jsonb,
	"verified_by_id" uuid,
	"verified_at" timestamp with time zone,
	"certificate_file_id" uuid,
	"summary" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sensitive_details" jsonb,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_scores" ADD CONSTRAINT "record_scores_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_scores" ADD CONSTRAINT "record_scores_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_verified_by_id_users_id_fk" FOREIGN KEY ("verified_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_certificate_file_id_files_id_fk" FOREIGN KEY ("certificate_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_scores_record_idx" ON "record_scores" USING btree ("record_id","created_at");--> statement-breakpoint
CREATE INDEX "records_student_kind_date_idx" ON "records" USING btree ("student_id","kind","date") WHERE "records"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "records_scope_status_idx" ON "records" USING btree ("college_id","department_id","status","date") WHERE "records"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "records_scope_kind_date_idx" ON "records" USING btree ("college_id","department_id","kind","date") WHERE "records"."deleted_at" is null;