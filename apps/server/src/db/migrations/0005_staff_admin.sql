CREATE TABLE "staff_students" (
	"staff_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"assigned_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_students_staff_id_student_id_pk" PRIMARY KEY("staff_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "added_by_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_students" ADD CONSTRAINT "staff_students_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_students" ADD CONSTRAINT "staff_students_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_students" ADD CONSTRAINT "staff_students_assigned_by_id_users_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_students_student_idx" ON "staff_students" USING btree ("student_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;