CREATE TABLE "moderation_appeals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_appeals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"strike_id" bigint NOT NULL,
	"report_id" bigint NOT NULL,
	"member_id" bigint,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text,
	"decider_id" bigint,
	"decided_at" timestamp with time zone,
	CONSTRAINT "moderation_appeals_outcome_check" CHECK ("moderation_appeals"."outcome" is null or "moderation_appeals"."outcome" in ('upheld', 'overturned'))
);
--> statement-breakpoint
CREATE TABLE "moderation_statements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"report_id" bigint NOT NULL,
	"strike_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"resolution" text NOT NULL,
	"category" text NOT NULL,
	"decision_text" text NOT NULL,
	"facts" text NOT NULL,
	"automated" boolean DEFAULT false NOT NULL,
	"restricted_until" timestamp with time zone,
	"appeal_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "moderation_statements_kind_check" CHECK ("moderation_statements"."kind" in ('decision', 'appeal_upheld', 'appeal_overturned'))
);
--> statement-breakpoint
DROP INDEX "reports_queue_idx";--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_strike_id_moderation_strikes_id_fk" FOREIGN KEY ("strike_id") REFERENCES "public"."moderation_strikes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_decider_id_users_id_fk" FOREIGN KEY ("decider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_statements" ADD CONSTRAINT "moderation_statements_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_statements" ADD CONSTRAINT "moderation_statements_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_statements" ADD CONSTRAINT "moderation_statements_strike_id_moderation_strikes_id_fk" FOREIGN KEY ("strike_id") REFERENCES "public"."moderation_strikes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_appeals_strike_id_key" ON "moderation_appeals" USING btree ("strike_id");--> statement-breakpoint
CREATE INDEX "moderation_statements_member_idx" ON "moderation_statements" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_statements_strike_kind_key" ON "moderation_statements" USING btree ("strike_id","kind");--> statement-breakpoint
CREATE INDEX "users_restricted_idx" ON "users" USING btree ("id") WHERE "users"."banned_at" is not null or "users"."suspended_until" is not null;--> statement-breakpoint
CREATE INDEX "reports_queue_idx" ON "reports" USING btree ("priority","created_at","id") WHERE "reports"."state" in ('open', 'in_review', 'appealed');