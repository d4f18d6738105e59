CREATE TABLE "moderation_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" bigint,
	"report_id" bigint,
	"subject_id" bigint,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_evidence" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_evidence_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"report_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_evidence_kind_check" CHECK ("report_evidence"."kind" in ('filed', 'addendum'))
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reporter_id" bigint,
	"reported_id" bigint,
	"category" text NOT NULL,
	"note" text,
	"state" text DEFAULT 'open' NOT NULL,
	"assignee_id" bigint,
	"resolution" text,
	"evidence_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_state_check" CHECK ("reports"."state" in ('open', 'in_review', 'actioned', 'dismissed', 'appealed', 'upheld', 'overturned')),
	CONSTRAINT "reports_category_check" CHECK ("reports"."category" in ('fake_profile', 'scam_spam', 'money_request', 'harassment_hate', 'sexual_content', 'underage', 'off_platform', 'violence_threats', 'other'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "via_report" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_evidence" ADD CONSTRAINT "report_evidence_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_id_users_id_fk" FOREIGN KEY ("reported_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_audit_report_id_idx" ON "moderation_audit" USING btree ("report_id","id");--> statement-breakpoint
CREATE INDEX "moderation_audit_subject_id_idx" ON "moderation_audit" USING btree ("subject_id","id");--> statement-breakpoint
CREATE INDEX "report_evidence_report_id_idx" ON "report_evidence" USING btree ("report_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_pair_key" ON "reports" USING btree ("reporter_id","reported_id") WHERE "reports"."state" = 'open';--> statement-breakpoint
CREATE INDEX "reports_state_created_at_idx" ON "reports" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "reports_reporter_created_at_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_reported_id_idx" ON "reports" USING btree ("reported_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('member', 'moderator'));--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): the moderation audit is append-only.
CREATE FUNCTION "moderation_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'moderation_audit is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "moderation_audit_no_update_delete" BEFORE UPDATE OR DELETE ON "moderation_audit" FOR EACH ROW EXECUTE FUNCTION "moderation_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "moderation_audit_no_truncate" BEFORE TRUNCATE ON "moderation_audit" FOR EACH STATEMENT EXECUTE FUNCTION "moderation_audit_append_only"();
