CREATE TABLE "message_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_phone" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "message_outbox_pending_idx" ON "message_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "users_students_scope_idx" ON "users" USING btree ("college_id","department_id","created_at") WHERE "users"."role" is null and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_students_created_idx" ON "users" USING btree ("created_at") WHERE "users"."role" is null and "users"."deleted_at" is null;