-- Each member's "match seen" marker, for the match moment of a member who was away when the match
-- was made (server/kernel/db/schema/social.ts). Matches made before this migration were announced
-- with a toast already, so they count as seen by both; only matches made from now on start unseen.
ALTER TABLE "matches" ADD COLUMN "seen_by_low_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "seen_by_high_at" timestamp with time zone;--> statement-breakpoint
UPDATE "matches" SET "seen_by_low_at" = "created_at", "seen_by_high_at" = "created_at";--> statement-breakpoint
CREATE INDEX "matches_unseen_low_idx" ON "matches" USING btree ("profile_low_id") WHERE "matches"."seen_by_low_at" is null;--> statement-breakpoint
CREATE INDEX "matches_unseen_high_idx" ON "matches" USING btree ("profile_high_id") WHERE "matches"."seen_by_high_at" is null;
