CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"slot" smallint,
	"content_type" text NOT NULL,
	"content_length" integer NOT NULL,
	"state" text DEFAULT 'awaiting_upload' NOT NULL,
	"rejection_reason" text,
	"original_key" text NOT NULL,
	"thumbnail_key" text,
	"preview_key" text,
	"full_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_purpose" CHECK ("uploads"."purpose" in ('profile', 'chat')),
	CONSTRAINT "uploads_slot" CHECK (("uploads"."purpose" = 'profile' and "uploads"."slot" between 1 and 5) or ("uploads"."purpose" = 'chat' and "uploads"."slot" is null)),
	CONSTRAINT "uploads_state" CHECK ("uploads"."state" in ('awaiting_upload', 'pending_review', 'approved', 'rejected', 'error'))
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_user_id_idx" ON "uploads" USING btree ("user_id","created_at");