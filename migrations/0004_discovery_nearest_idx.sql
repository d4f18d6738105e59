-- cube: points on the unit sphere with a KNN distance operator (`<->`, Euclidean = the chord);
-- btree_gist: lets the same GiST index lead with gender and country (plain equality columns).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE INDEX "profiles_discovery_nearest_idx" ON "profiles" USING gist ("gender","home_country",cube(array["location_x", "location_y", "location_z"])) WHERE "profiles"."is_complete";
