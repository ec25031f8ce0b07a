CREATE TABLE "reminder_passes" (
	"name" text PRIMARY KEY NOT NULL,
	"running_until" timestamp with time zone,
	"runner" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"completed" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_reminders" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"period" text NOT NULL,
	"college_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sent_reminders_user_id_kind_subject_id_period_pk" PRIMARY KEY("user_id","kind","subject_id","period")
);
--> statement-breakpoint
ALTER TABLE "sent_reminders" ADD CONSTRAINT "sent_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_reminders" ADD CONSTRAINT "sent_reminders_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sent_reminders_kind_period_idx" ON "sent_reminders" USING btree ("kind","period");--> statement-breakpoint
CREATE INDEX "records_student_created_idx" ON "records" USING btree ("student_id","created_at") WHERE "records"."deleted_at" is null;