CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"discount_paise" integer NOT NULL,
	"quantity" integer NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "coupons_use_check" CHECK ("coupons"."used_count" >= 0 and "coupons"."used_count" <= "coupons"."quantity"),
	CONSTRAINT "coupons_positive_check" CHECK ("coupons"."quantity" > 0 and "coupons"."discount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "integration_tokens" (
	"provider" text PRIMARY KEY NOT NULL,
	"sealed_token" text NOT NULL,
	"api_domain" text,
	"connected_by_id" uuid,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_paise" integer NOT NULL,
	"offer_price_paise" integer NOT NULL,
	"validity_months" integer DEFAULT 36 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_prices_check" CHECK ("packages"."offer_price_paise" > 0 and "packages"."offer_price_paise" <= "packages"."price_paise")
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"package_title" text NOT NULL,
	"validity_months" integer NOT NULL,
	"gateway" text NOT NULL,
	"gateway_order_id" text,
	"gateway_payment_id" text,
	"coupon_id" uuid,
	"coupon_code" text,
	"offer_paise" integer NOT NULL,
	"discount_paise" integer DEFAULT 0 NOT NULL,
	"taxable_paise" integer NOT NULL,
	"gst_paise" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_orders_status_check" CHECK ("payment_orders"."status" in ('created', 'paid', 'failed', 'refund_due')),
	CONSTRAINT "payment_orders_amount_check" CHECK ("payment_orders"."amount_paise" = "payment_orders"."taxable_paise" + "payment_orders"."gst_paise" and "payment_orders"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"gateway_order_id" text PRIMARY KEY NOT NULL,
	"amount_paise" integer NOT NULL,
	"description" text NOT NULL,
	"user_id" uuid NOT NULL,
	"return_url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_tokens" ADD CONSTRAINT "integration_tokens_connected_by_id_users_id_fk" FOREIGN KEY ("connected_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_live_code_idx" ON "coupons" USING btree ("code") WHERE "coupons"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_gateway_order_idx" ON "payment_orders" USING btree ("gateway","gateway_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_gateway_payment_idx" ON "payment_orders" USING btree ("gateway","gateway_payment_id") WHERE "payment_orders"."gateway_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_orders_user_idx" ON "payment_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_coupon_idx" ON "payment_orders" USING btree ("coupon_id") WHERE "payment_orders"."coupon_id" is not null;--> statement-breakpoint
INSERT INTO "packages" ("title", "description", "price_paise", "offer_price_paise", "validity_months", "sort_order") VALUES
  ('Single', 'One resident: the full logbook for the 3 years of MD/MS training.', 999900, 999900, 36, 1),
  ('Group', 'A discounted price for residents who join together.', 599900, 599900, 36, 2),
  ('Institutional', 'For residents whose college subscribes for its departments.', 499900, 499900, 36, 3),
  ('University', 'For residents of a university that subscribes for its colleges.', 299900, 299900, 36, 4);
