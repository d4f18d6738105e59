CREATE TABLE "face_prints" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"descriptor" real[] NOT NULL,
	"review_state" text DEFAULT 'clear' NOT NULL,
	"matched_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "face_prints_review_state" CHECK ("face_prints"."review_state" in ('clear', 'needs_review'))
);
--> statement-breakpoint
CREATE TABLE "face_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"challenge" jsonb NOT NULL,
	"mock" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"failure_reason" text,
	"score" real,
	"descriptor" real[],
	"liveness_token" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "face_scans_liveness_token_unique" UNIQUE("liveness_token"),
	CONSTRAINT "face_scans_state" CHECK ("face_scans"."state" in ('open', 'processing', 'passed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "face_scan_id" uuid;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "face_descriptor" real[];--> statement-breakpoint
ALTER TABLE "face_prints" ADD CONSTRAINT "face_prints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_prints" ADD CONSTRAINT "face_prints_matched_user_id_users_id_fk" FOREIGN KEY ("matched_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_scans" ADD CONSTRAINT "face_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_scans_user_id_idx" ON "face_scans" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_face_scan_id_face_scans_id_fk" FOREIGN KEY ("face_scan_id") REFERENCES "public"."face_scans"("id") ON DELETE set null ON UPDATE no action;