DROP INDEX "records_scope_status_idx";--> statement-breakpoint
CREATE INDEX "users_deleted_idx" ON "users" USING btree ("id") WHERE "users"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "records_scope_status_idx" ON "records" USING btree ("college_id","department_id","status","date","created_at","id","student_id","kind") WHERE "records"."deleted_at" is null;