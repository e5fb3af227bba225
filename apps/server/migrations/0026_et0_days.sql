-- Reference evapotranspiration (issue 30 item 2): one row per weather station (its area) and
-- local day, with the day's FAO-56 ET0 (mm) and the inputs and terms it came from, so a day can be
-- shown with what made it. The agronomy job writes a day once it is over and again when older
-- readings are back-filled; the day's value is also a computed series on the station's
-- temperature sensor (evapotranspiration.et0.daily) for charts and exports.
CREATE TABLE "et0_days" (
	"area_id" integer NOT NULL REFERENCES "areas"("id") ON DELETE cascade,
	"date" date NOT NULL,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"et0" double precision NOT NULL,
	"inputs" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("area_id", "date")
);--> statement-breakpoint
CREATE INDEX "et0_days_site_date_idx" ON "et0_days" USING btree ("site_id", "date");
