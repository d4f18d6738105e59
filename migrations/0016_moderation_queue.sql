CREATE TABLE "moderation_strikes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_strikes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint,
	"report_id" bigint NOT NULL,
	"resolution" text NOT NULL,
	"reason" text NOT NULL,
	"moderator_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	CONSTRAINT "moderation_strikes_resolution_check" CHECK ("moderation_strikes"."resolution" in ('warning', 'suspend_3d', 'suspend_7d', 'suspend_30d', 'ban'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "priority" smallint GENERATED ALWAYS AS (case when category in ('underage', 'violence_threats', 'scam_spam', 'money_request') then 0 else 1 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_strikes" ADD CONSTRAINT "moderation_strikes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_strikes" ADD CONSTRAINT "moderation_strikes_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_strikes" ADD CONSTRAINT "moderation_strikes_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_strikes_report_id_key" ON "moderation_strikes" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "moderation_strikes_member_id_idx" ON "moderation_strikes" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_queue_idx" ON "reports" USING btree ("priority","created_at","id") WHERE "reports"."state" in ('open', 'in_review');