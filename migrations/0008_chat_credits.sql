CREATE TABLE "credit_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"profile_id" bigint NOT NULL,
	"delta" integer NOT NULL,
	"kind" text NOT NULL,
	"cause" text NOT NULL,
	"payment_id" text,
	"match_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_kind" CHECK ("credit_ledger"."kind" in ('grant', 'spend', 'refund')),
	CONSTRAINT "credit_ledger_cause" CHECK ("credit_ledger"."cause" in ('purchase', 'unlock', 'unlock_canceled')),
	CONSTRAINT "credit_ledger_sign" CHECK (("credit_ledger"."kind" = 'spend' and "credit_ledger"."delta" < 0) or ("credit_ledger"."kind" in ('grant', 'refund') and "credit_ledger"."delta" > 0)),
	CONSTRAINT "credit_ledger_grant_has_payment" CHECK ("credit_ledger"."kind" <> 'grant' or "credit_ledger"."payment_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"package_id" text NOT NULL,
	"credits" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checkout_completed_at" timestamp with time zone,
	"granted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed', 'canceled')),
	CONSTRAINT "payments_credits_positive" CHECK ("payments"."credits" > 0),
	CONSTRAINT "payments_amount_not_negative" CHECK ("payments"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"match_id" bigint NOT NULL,
	"from_profile_id" bigint NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"upload_id" uuid,
	"photo_thumbnail_ref" text,
	"photo_ref" text,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_body_length" CHECK (char_length("chat_messages"."body") <= 2000),
	CONSTRAINT "chat_messages_not_empty" CHECK ("chat_messages"."body" <> '' or "chat_messages"."photo_ref" is not null)
);
--> statement-breakpoint
CREATE TABLE "chat_participants" (
	"match_id" bigint NOT NULL,
	"profile_id" bigint NOT NULL,
	"last_read_message_id" bigint DEFAULT 0 NOT NULL,
	"cleared_through_message_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_participants_match_id_profile_id_pk" PRIMARY KEY("match_id","profile_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "send_read_receipts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "match_id" bigint;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_from_profile_id_profiles_id_fk" FOREIGN KEY ("from_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_participants" ADD CONSTRAINT "chat_participants_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_participants" ADD CONSTRAINT "chat_participants_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_profile_id_idx" ON "credit_ledger" USING btree ("profile_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_grant_once" ON "credit_ledger" USING btree ("payment_id") WHERE "credit_ledger"."kind" = 'grant';--> statement-breakpoint
CREATE INDEX "payments_user_id_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_match_id_idx" ON "chat_messages" USING btree ("match_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_key" ON "chat_messages" USING btree ("from_profile_id","client_key") WHERE "chat_messages"."client_key" is not null;--> statement-breakpoint
CREATE INDEX "uploads_match_id_idx" ON "uploads" USING btree ("match_id") WHERE "uploads"."match_id" is not null;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_chats_not_negative" CHECK ("profiles"."chats" >= 0);