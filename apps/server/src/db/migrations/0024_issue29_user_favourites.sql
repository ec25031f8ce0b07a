CREATE TABLE "user_favourites" (
	"user_id" uuid NOT NULL,
	"option_type" text NOT NULL,
	"option_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_favourites_user_id_option_type_option_id_pk" PRIMARY KEY("user_id","option_type","option_id"),
	CONSTRAINT "user_favourites_type_check" CHECK ("user_favourites"."option_type" in ('procedure', 'competency', 'skill'))
);
--> statement-breakpoint
ALTER TABLE "user_favourites" ADD CONSTRAINT "user_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_favourites_option_idx" ON "user_favourites" USING btree ("option_id");