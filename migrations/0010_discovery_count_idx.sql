-- The place walk's count reads its own narrower index, led by date of birth within a place
-- (server/modules/discovery/discovery.places.ts), so an age filter narrows it.
CREATE INDEX "profiles_discovery_count_idx" ON "profiles" USING btree ("gender","location_latitude","location_longitude","date_of_birth","id","user_id","height","weight","face_self_rating","minimum_betrothal_gift_price","home_country","home_state","home_city","filter_bits_1","filter_bits_2","filter_bits_3","filter_bits_4","filter_bits_5","filter_bits_6") WHERE "profiles"."is_complete";
