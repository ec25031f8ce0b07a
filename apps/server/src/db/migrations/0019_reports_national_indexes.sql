CREATE INDEX "aetcom_department_created_idx" ON "aetcom_records" USING btree ("college_id","department_id","created_at","id");--> statement-breakpoint
CREATE INDEX "aetcom_created_idx" ON "aetcom_records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "appraisals_department_created_idx" ON "appraisals" USING btree ("college_id","department_id","created_at","id");--> statement-breakpoint
CREATE INDEX "appraisals_created_idx" ON "appraisals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "memos_date_idx" ON "memos" USING btree ("date","created_at","id");--> statement-breakpoint
CREATE INDEX "theses_department_updated_idx" ON "theses" USING btree ("college_id","department_id","updated_at");--> statement-breakpoint
CREATE INDEX "theses_stage_updated_idx" ON "theses" USING btree ("stage","updated_at");--> statement-breakpoint
CREATE INDEX "records_day_idx" ON "records" USING btree ("date","created_at","id") WHERE "records"."deleted_at" is null and "records"."date" is not null;--> statement-breakpoint
CREATE INDEX "records_undated_created_idx" ON "records" USING btree ("created_at","id") WHERE "records"."deleted_at" is null and "records"."date" is null;