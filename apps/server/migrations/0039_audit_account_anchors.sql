-- The account-level audit rows (sign-ins, password and token events: site_id null, chain 0) are
-- anchored daily and kept by whole months like a site's: their anchors are kept with site_id 0.
-- Retention's delete of such a row now passes when the transaction names chain 0 ('0:<seq>') and
-- that seq is one of chain 0's kept anchors; every other update and delete is refused as before.
CREATE OR REPLACE FUNCTION "audit_trail_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  expiry text := coalesce(current_setting('paddock.audit_expiry', true), '');
  expiry_site integer;
  expiry_seq integer;
BEGIN
  IF TG_OP = 'DELETE' AND expiry ~ '^[0-9]+:[0-9]+$' THEN
    expiry_site := split_part(expiry, ':', 1)::integer;
    expiry_seq := split_part(expiry, ':', 2)::integer;
    IF coalesce(OLD.site_id, 0) = expiry_site AND OLD.seq <= expiry_seq AND EXISTS (
      SELECT 1 FROM "audit_anchors" a WHERE a.site_id = expiry_site AND a.seq = expiry_seq
    ) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_trail rows are never updated or deleted';
END
$$;--> statement-breakpoint
COMMENT ON TABLE "audit_anchors" IS 'Each chain''s last audit_trail row (seq, hash) at the end of each UTC day (site_id 0: the account-level rows), also written to the export folder; never deleted, and only expired_at is ever set.';
