-- The place walk (server/modules/discovery/discovery.places.ts): the discovery index reads each
-- place's candidates newest first (gender, latitude, longitude, created_at desc, id desc); a narrow
-- index answers whether a place holds anyone of a country, state or city. The two count indexes
-- and the country-only nearest-first GiST index are no longer read by any query, so they go.
DROP INDEX IF EXISTS "profiles_discovery_filter_count_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "profiles_discovery_count_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "profiles_discovery_nearest_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "profiles_discovery_idx";--> statement-breakpoint
CREATE INDEX "profiles_discovery_place_idx" ON "profiles" USING btree ("gender","location_latitude","location_longitude","home_country","home_state","home_city") WHERE "profiles"."is_complete";--> statement-breakpoint
CREATE INDEX "profiles_discovery_idx" ON "profiles" USING btree ("gender","location_latitude","location_longitude","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"date_of_birth","location_x","location_y","location_z","user_id","height","weight","face_self_rating","minimum_betrothal_gift_price","home_country","home_state","home_city","filter_bits_1","filter_bits_2","filter_bits_3","filter_bits_4","filter_bits_5","filter_bits_6") WHERE "profiles"."is_complete";
