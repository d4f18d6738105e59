CREATE TABLE "identity_hashes" (
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"identity_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_hashes_pkey" PRIMARY KEY("kind","hash"),
	CONSTRAINT "identity_hashes_kind_check" CHECK ("identity_hashes"."kind" in ('email', 'phone')),
	CONSTRAINT "identity_hashes_hash_check" CHECK ("identity_hashes"."hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "member_identities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"banned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_id" bigint;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "identity_id" bigint;--> statement-breakpoint
ALTER TABLE "moderation_strikes" ADD COLUMN "identity_id" bigint;--> statement-breakpoint
ALTER TABLE "identity_hashes" ADD CONSTRAINT "identity_hashes_identity_id_member_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."member_identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_hashes_identity_id_idx" ON "identity_hashes" USING btree ("identity_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_identity_id_member_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."member_identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_identity_id_member_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."member_identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_strikes" ADD CONSTRAINT "moderation_strikes_identity_id_member_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."member_identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_identity_id_idx" ON "users" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "users_without_identity_idx" ON "users" USING btree ("id") WHERE "users"."identity_id" is null;--> statement-breakpoint
CREATE INDEX "reports_identity_id_idx" ON "reports" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "moderation_strikes_identity_id_idx" ON "moderation_strikes" USING btree ("identity_id");