-- A site's sensors and series, found by the site: the site summary (on every visit to a site),
-- the agronomy, the fleet view and the maintenance worklist ask for them by site_id. Without an
-- index each of those calls read every sensor (or series) of every site: a region's two million
-- sensors for one site's two hundred.
CREATE INDEX IF NOT EXISTS "sensors_site_idx" ON "sensors" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "series_site_idx" ON "series" USING btree ("site_id");
