CREATE TABLE "month_authentications" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"student_id" uuid NOT NULL,
	"college_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"month" text NOT NULL,
	"authenticated_by_id" uuid NOT NULL,
	"authenticated_at" timestamp with time zone NOT NULL,
	"fingerprint" text NOT NULL,
	"section_counts" jsonb NOT NULL,
	"verified_entries" integer NOT NULL,
	"changed_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "month_authentications_month_check" CHECK ("month_authentications"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "month_authentications" ADD CONSTRAINT "month_authentications_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_authentications" ADD CONSTRAINT "month_authentications_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_authentications" ADD CONSTRAINT "month_authentications_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_authentications" ADD CONSTRAINT "month_authentications_authenticated_by_id_users_id_fk" FOREIGN KEY ("authenticated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "month_authentications_live_idx" ON "month_authentications" USING btree ("student_id","month") WHERE "month_authentications"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "month_authentications_scope_idx" ON "month_authentications" USING btree ("college_id","department_id","month");