-- Flow supervision while zones run (issue 30 item 1). Per zone: its flow limits, its designed flow
-- (the fallback before it has learned one) and its learned flow (the median of its metered runs)
-- with when it was learned. Per water meter: its own limits and the supervisor's state between
-- readings (what ran at the last reading, the condition and since when), so a reading heard by
-- any worker carries on the same episode, and an alarm is raised once per episode.
CREATE TABLE "zone_flows" (
	"section_id" integer PRIMARY KEY NOT NULL REFERENCES "sections"("id") ON DELETE cascade,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"designed_flow" double precision,
	"learned_flow" double precision,
	"learned_runs" integer DEFAULT 0 NOT NULL,
	"learned_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "meter_flows" (
	"sensor_id" integer PRIMARY KEY NOT NULL REFERENCES "sensors"("id") ON DELETE cascade,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" jsonb,
	"updated_at" timestamp with time zone
);
