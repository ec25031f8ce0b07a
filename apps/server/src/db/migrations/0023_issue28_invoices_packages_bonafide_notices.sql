CREATE TABLE "college_packages" (
	"college_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"enabled_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "college_packages_college_id_package_id_pk" PRIMARY KEY("college_id","package_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_series" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_state" text NOT NULL,
	"description" text NOT NULL,
	"sac_code" text NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer DEFAULT 0 NOT NULL,
	"sgst_paise" integer DEFAULT 0 NOT NULL,
	"igst_paise" integer DEFAULT 0 NOT NULL,
	"total_paise" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_paise" = "invoices"."taxable_paise" + "invoices"."cgst_paise" + "invoices"."sgst_paise" + "invoices"."igst_paise")
);
--> statement-breakpoint
CREATE TABLE "bonafide_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"code" text NOT NULL,
	"student_id" uuid NOT NULL,
	"issued_by_id" uuid NOT NULL,
	"content" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "offered_everywhere" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
ALTER TABLE "college_packages" ADD CONSTRAINT "college_packages_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "college_packages" ADD CONSTRAINT "college_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "college_packages" ADD CONSTRAINT "college_packages_enabled_by_id_users_id_fk" FOREIGN KEY ("enabled_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_order_id_payment_orders_id_fk" FOREIGN KEY ("payment_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonafide_certificates" ADD CONSTRAINT "bonafide_certificates_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonafide_certificates" ADD CONSTRAINT "bonafide_certificates_issued_by_id_users_id_fk" FOREIGN KEY ("issued_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_idx" ON "invoices" USING btree ("payment_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_idx" ON "invoices" USING btree ("financial_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bonafide_certificates_reference_idx" ON "bonafide_certificates" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "bonafide_certificates_code_idx" ON "bonafide_certificates" USING btree ("code");--> statement-breakpoint
CREATE INDEX "bonafide_certificates_student_idx" ON "bonafide_certificates" USING btree ("student_id","issued_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_subject_idx" ON "notifications" USING btree ("subject_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
-- Single is offered to every college (issue 28); Group, Institutional and University only where
-- Master enables them. A college whose residents already bought another package keeps it offered,
-- so nobody loses what their college chose.
UPDATE "packages" SET "offered_everywhere" = true WHERE "title" = 'Single';--> statement-breakpoint
INSERT INTO "college_packages" ("college_id", "package_id")
SELECT DISTINCT u."college_id", o."package_id"
FROM "payment_orders" o
JOIN "users" u ON u."id" = o."user_id"
JOIN "packages" p ON p."id" = o."package_id"
WHERE o."status" = 'paid' AND u."college_id" IS NOT NULL AND NOT p."offered_everywhere"
ON CONFLICT DO NOTHING;
