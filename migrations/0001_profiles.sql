CREATE TABLE "blocks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"blocker_user_id" bigint NOT NULL,
	"blocked_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_not_self" CHECK ("blocks"."blocker_user_id" <> "blocks"."blocked_user_id")
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "likes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"from_profile_id" bigint NOT NULL,
	"to_profile_id" bigint NOT NULL,
	"liked" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_not_self" CHECK ("likes"."from_profile_id" <> "likes"."to_profile_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "native_language" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo1_url" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo2_url" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo3_url" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo4_url" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo5_url" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "home_country" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "home_state" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "home_city" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "location_latitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "location_longitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "weight" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "face_self_rating" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "tattoos" text[];--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "piercings" text[];--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "cosmetic_surgeries" text[];--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "exercise_frequency" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "parent_presence" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "parents_imprisoned" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "parents_employment" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "siblings_number" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "relationship_status" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "relationship_history" text[];--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "body_count" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "memories_from_exes" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "kids_at_home" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "kids_parents_number" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "divorces_number" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "livelihood" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "annual_income" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "debts_total" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "place_to_live" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "daily_transportation" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "brand_of_daily_car" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "yacht_owner" boolean;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "private_airplane" boolean;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "education" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "latest_major" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "religion" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "religiosity" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "social_media_use" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "cooking_frequency" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "recipes_known" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "cookbook" boolean;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "home_chores_frequency" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "pets_at_home" text[];--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "current_personal_travel" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "current_international_travel" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "clothes_style" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "reason_to_marry" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "money_control" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "monthly_cash_want" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "monthly_cash_provide" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "desired_ceremony" text[];--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "desire_to_work_in_relationship" boolean;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "clothes_control" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "opposite_sex_friends" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "minimum_betrothal_gift_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "number_of_kids_wanted" text;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_user_id_users_id_fk" FOREIGN KEY ("blocker_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_user_id_users_id_fk" FOREIGN KEY ("blocked_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_from_profile_id_profiles_id_fk" FOREIGN KEY ("from_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_to_profile_id_profiles_id_fk" FOREIGN KEY ("to_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocks_pair_key" ON "blocks" USING btree ("blocker_user_id","blocked_user_id");--> statement-breakpoint
CREATE INDEX "blocks_blocked_user_id_idx" ON "blocks" USING btree ("blocked_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "likes_pair_key" ON "likes" USING btree ("from_profile_id","to_profile_id");--> statement-breakpoint
CREATE INDEX "likes_to_profile_id_idx" ON "likes" USING btree ("to_profile_id");