-- Ingest rewrites the latest values of radios, units, sensors and controls many times a minute,
-- never an indexed column. Room on each page lets PostgreSQL keep the new row version beside the
-- old one (a HOT update) instead of adding an entry to every index of the table.
ALTER TABLE "radios" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "units" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "sensors" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "controls" SET (fillfactor = 50);
