-- Long charts (issue 19): 6-hour rollups beside the 30-minute ones, so a year or three of a
-- series is read from 12 times fewer rows. A site's buckets start at its local midnight, which
-- falls at a different hour of UTC in summer and in winter: a series has 6-hour rollups at the
-- phases (minute of the 6-hour UTC cycle their cells start at) its charts have asked for,
-- listed in reading_rollup_phases. A phase is filled from the 30-minute rollups when first asked
-- for (telemetry/store.ts addRollup6hPhases) and kept by every write of readings from then on;
-- so there is nothing to back-fill here: an existing series gets its 6-hour rollups, summed from
-- its 30-minute ones, the first time a long chart of it is asked for.
CREATE TABLE "reading_rollup_phases" (
	"series_id" integer NOT NULL,
	"phase" smallint NOT NULL,
	CONSTRAINT "reading_rollup_phases_pk" PRIMARY KEY("series_id","phase")
);--> statement-breakpoint
CREATE TABLE "reading_rollups_6h" (
	"series_id" integer NOT NULL,
	"phase" smallint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	CONSTRAINT "reading_rollups_6h_pk" PRIMARY KEY("series_id","phase","bucket")
);
