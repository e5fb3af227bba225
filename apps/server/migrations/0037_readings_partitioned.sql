-- Readings partitioned by month (issue 34; apps/server/src/db/reading-partitions.ts). The
-- readings of a database from before are kept under readings_unpartitioned: the server moves them
-- a month per transaction into the month partitions before it serves (finishReadingsPartitioning),
-- logging each month, and drops the old table once it is empty. A default partition takes a
-- reading for a month with no partition yet, so none is refused for its time.
ALTER TABLE "readings" RENAME TO "readings_unpartitioned";--> statement-breakpoint
ALTER TABLE "readings_unpartitioned" RENAME CONSTRAINT "readings_series_id_time_pk" TO "readings_unpartitioned_pk";--> statement-breakpoint
CREATE TABLE "readings" (
	"series_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "readings_series_id_time_pk" PRIMARY KEY("series_id","time")
) PARTITION BY RANGE ("time");--> statement-breakpoint
CREATE TABLE "readings_default" PARTITION OF "readings" DEFAULT;
