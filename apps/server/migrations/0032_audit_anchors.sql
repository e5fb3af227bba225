-- The audit log's daily anchors and retention by whole months (issue 33 item 2). Each day the
-- worker writes each site's last row (seq and hash) to a file in the export folder and keeps it
-- here, so verify finds a row edited with every later hash redone, and rows gone from the end.
-- Retention removes whole calendar months only once the month's last anchor is written: that
-- anchor (expired_at set) is where verify then starts the chain, instead of the genesis.
CREATE TABLE "audit_anchors" (
	"site_id" integer NOT NULL,
	"date" date NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"rows" integer NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone,
	CONSTRAINT "audit_anchors_pk" PRIMARY KEY ("site_id", "date")
);--> statement-breakpoint
COMMENT ON TABLE "audit_anchors" IS 'Each site''s last audit_trail row (seq, hash) at the end of each UTC day, also written to the export folder; never deleted, and only expired_at is ever set.';--> statement-breakpoint
CREATE INDEX "audit_anchors_seq_idx" ON "audit_anchors" USING btree ("site_id", "seq");--> statement-breakpoint
CREATE FUNCTION "audit_anchors_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Retention marks the anchor it expired rows up to; nothing else of an anchor ever changes.
  IF TG_OP = 'UPDATE' AND OLD.expired_at IS NULL AND NEW.expired_at IS NOT NULL
     AND (NEW.site_id, NEW.date, NEW.seq, NEW.hash, NEW.time, NEW.rows, NEW.written_at)
         IS NOT DISTINCT FROM (OLD.site_id, OLD.date, OLD.seq, OLD.hash, OLD.time, OLD.rows, OLD.written_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_anchors rows are never deleted, and only expired_at is ever set';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_anchors_kept" BEFORE UPDATE OR DELETE ON "audit_anchors"
  FOR EACH ROW EXECUTE FUNCTION "audit_anchors_kept"();--> statement-breakpoint
CREATE TRIGGER "audit_anchors_kept_truncate" BEFORE TRUNCATE ON "audit_anchors"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_anchors_kept"();--> statement-breakpoint
-- Still append-only, but for retention: a delete passes only when the transaction has set
-- paddock.audit_expiry to '<site>:<seq>' (set_config(..., true), gone at commit), the row is of
-- that site at or before that seq, and that seq is one of the site's kept anchors. Updates, and
-- deletes of any other row, are refused as before.
CREATE OR REPLACE FUNCTION "audit_trail_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  expiry text := coalesce(current_setting('paddock.audit_expiry', true), '');
  expiry_site integer;
  expiry_seq integer;
BEGIN
  IF TG_OP = 'DELETE' AND expiry ~ '^[0-9]+:[0-9]+$' AND OLD.site_id IS NOT NULL THEN
    expiry_site := split_part(expiry, ':', 1)::integer;
    expiry_seq := split_part(expiry, ':', 2)::integer;
    IF OLD.site_id = expiry_site AND OLD.seq <= expiry_seq AND EXISTS (
      SELECT 1 FROM "audit_anchors" a WHERE a.site_id = expiry_site AND a.seq = expiry_seq
    ) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_trail rows are never updated or deleted';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_trail_append_only_truncate" BEFORE TRUNCATE ON "audit_trail"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_trail_append_only"();
