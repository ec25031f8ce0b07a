ALTER TABLE "record_scores" ADD COLUMN "confirmed_role" text;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "confirmed_role" text;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "amended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "confirmation" text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "confirmed_by_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_confirmed_by_id_users_id_fk" FOREIGN KEY ("confirmed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_awaiting_idx" ON "users" USING btree ("college_id","department_id") WHERE "users"."confirmation" = 'awaiting' and "users"."deleted_at" is null;--> statement-breakpoint
-- Existing verifiers a student made (issue 27, docs/decisions/016): a teacher a student added on
-- My Teachers, or a DRP coordinator a student named on a posting, waits for confirmation unless
-- Master or an HOD already acted on the account as theirs to run: Master's Verify toggle, an edit,
-- or an HOD's Assign Students.
UPDATE "users" u SET "confirmation" = 'awaiting'
WHERE u."deleted_at" IS NULL
  AND u."role" IS NOT NULL AND u."role" NOT IN ('master', 'admin')
  AND EXISTS (SELECT 1 FROM "users" adder WHERE adder."id" = u."added_by_id" AND adder."role" IS NULL)
  AND NOT EXISTS (
    SELECT 1 FROM "audit_log" a
    JOIN "users" staff ON staff."id" = a."actor_id"
    WHERE a."entity" = 'user' AND a."entity_id" = u."id"::text
      AND a."action" IN ('staff.verify', 'staff.update', 'staff.assign')
      AND staff."role" IN ('master', 'hod')
  );--> statement-breakpoint
-- A password someone else chose (an account created with an e-mailed temporary password, or set
-- by Master) and never replaced by its owner since: chosen anew at the next sign-in.
UPDATE "users" u SET "must_change_password" = true
WHERE u."deleted_at" IS NULL
  AND (
    (u."role" IS NOT NULL AND u."role" <> 'master' AND u."added_by_id" IS NOT NULL
      AND NOT EXISTS (
        SELECT 1 FROM "audit_log" own
        WHERE own."actor_id" = u."id" AND own."action" IN ('auth.password_changed', 'auth.password_reset')
      ))
    OR EXISTS (
      SELECT 1 FROM "audit_log" r
      WHERE r."entity" = 'user' AND r."entity_id" = u."id"::text
        AND r."action" IN ('staff.password.reset', 'student.password.reset')
        AND NOT EXISTS (
          SELECT 1 FROM "audit_log" own
          WHERE own."actor_id" = u."id" AND own."action" IN ('auth.password_changed', 'auth.password_reset')
            AND own."created_at" > r."created_at"
        )
    )
  );
