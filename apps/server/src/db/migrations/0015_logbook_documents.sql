CREATE TABLE "logbook_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"student_id" uuid NOT NULL,
	"issued_by_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"section_counts" jsonb NOT NULL,
	"student_name" text NOT NULL,
	"college_name" text NOT NULL,
	"department_name" text NOT NULL,
	"period_from" text NOT NULL,
	"period_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logbook_documents" ADD CONSTRAINT "logbook_documents_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_documents" ADD CONSTRAINT "logbook_documents_issued_by_id_users_id_fk" FOREIGN KEY ("issued_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "logbook_documents_code_idx" ON "logbook_documents" USING btree ("code");--> statement-breakpoint
CREATE INDEX "logbook_documents_student_idx" ON "logbook_documents" USING btree ("student_id","created_at");