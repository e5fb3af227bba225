-- The audit log (issue 33 items 1 and 2): one row per change a person made through the API, each
-- site's rows (and the account-level rows, site null) chained by a hash of the previous row, so an
-- edited or deleted row is found by GET sites/{id}/audit/verify. A new table beside audit_log
-- (Switch User and permission history, read by the users page), which a later slice folds in.
-- No foreign keys: a row outlives the site, user or object it names.
CREATE TABLE "audit_trail" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"site_id" integer,
	"seq" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"acting_as_id" integer,
	"address" text,
	"area_id" integer,
	"kind" text,
	"target_id" integer,
	"operation" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"text" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);--> statement-breakpoint
COMMENT ON TABLE "audit_trail" IS 'Append-only: the product never updates or deletes a row (a trigger refuses both); rows are chained per site by hash (prev_hash, hash).';--> statement-breakpoint
CREATE UNIQUE INDEX "audit_trail_chain_idx" ON "audit_trail" USING btree (coalesce("site_id", 0), "seq");--> statement-breakpoint
CREATE INDEX "audit_trail_site_time_idx" ON "audit_trail" USING btree ("site_id", "time");--> statement-breakpoint
CREATE INDEX "audit_trail_actor_idx" ON "audit_trail" USING btree ("site_id", "actor_id");--> statement-breakpoint
CREATE INDEX "audit_trail_target_idx" ON "audit_trail" USING btree ("site_id", "kind", "target_id");--> statement-breakpoint
CREATE FUNCTION "audit_trail_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_trail rows are never updated or deleted';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_trail_append_only" BEFORE UPDATE OR DELETE ON "audit_trail"
  FOR EACH ROW EXECUTE FUNCTION "audit_trail_append_only"();
