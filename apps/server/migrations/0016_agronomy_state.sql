-- How far each weather station's agronomy (growing degree days, chill, dew point, air density)
-- has been computed (issue 14): the temperature readings counted before the last bucket the
-- computation saw, and that bucket, and all it counted. A later count that differs before that bucket means older
-- readings came in (a back-fill): the station is computed again from its first reading.
CREATE TABLE "agronomy_state" (
	"sensor_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"counted_before" bigint NOT NULL,
	"counted_total" bigint NOT NULL,
	"until_bucket" timestamp with time zone NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
