CREATE TABLE "drp_attendance" (
	"posting_id" uuid NOT NULL,
	"day" date NOT NULL,
	"present" boolean NOT NULL,
	"college_id" uuid NOT NULL,
	"marked_by_id" uuid NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drp_attendance_posting_id_day_pk" PRIMARY KEY("posting_id","day")
);
--> statement-breakpoint
CREATE TABLE "drp_postings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"college_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"institution_id" uuid NOT NULL,
	"coordinator_id" uuid NOT NULL,
	"coordinator_name" text NOT NULL,
	"coordinator_email" text NOT NULL,
	"coordinator_phone" text NOT NULL,
	"schedule_from" date NOT NULL,
	"schedule_to" date NOT NULL,
	"notice_file_id" uuid,
	"added_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drp_attendance" ADD CONSTRAINT "drp_attendance_posting_id_drp_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."drp_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drp_attendance" ADD CONSTRAINT "drp_attendance_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drp_attendance" ADD CONSTRAINT "drp_attendance_marked_by_id_users_id_fk" FOREIGN KEY ("marked_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drp_postings" ADD CONSTRAINT "drp_postings_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drp_postings" ADD CONSTRAINT "drp_postings_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drp_postings" ADD CONSTRAINT "drp_postings_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drp_postings" ADD CONSTRAINT "drp_postings_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drp_postings" ADD CONSTRAINT "drp_postings_coordinator_id_users_id_fk" FOREIGN KEY ("coordinator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drp_postings" ADD CONSTRAINT "drp_postings_notice_file_id_files_id_fk" FOREIGN KEY ("notice_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drp_postings" ADD CONSTRAINT "drp_postings_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drp_postings_student_idx" ON "drp_postings" USING btree ("student_id","schedule_from");--> statement-breakpoint
CREATE INDEX "drp_postings_scope_idx" ON "drp_postings" USING btree ("college_id","department_id","schedule_from");--> statement-breakpoint
CREATE INDEX "drp_postings_coordinator_idx" ON "drp_postings" USING btree ("coordinator_id","schedule_from");--> statement-breakpoint
CREATE INDEX "drp_postings_institution_idx" ON "drp_postings" USING btree ("institution_id","created_at");