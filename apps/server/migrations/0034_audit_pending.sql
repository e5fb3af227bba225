-- Audit rows staged in the transaction of the change they tell (issue 33 item 1), then chained.
-- A change's transaction inserts here, taking no lock; the chaining step moves each chain's staged
-- rows into audit_trail in a short transaction of its own, under that chain's lock. So a change
-- and its row are kept or lost together, and no change's transaction ever waits on another site's
-- writers, nor holds its site's chain while it works (the runner's and the flow watch's steps).
CREATE TABLE "audit_pending" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"site_id" integer,
	"staged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entry" jsonb NOT NULL
);--> statement-breakpoint
COMMENT ON TABLE "audit_pending" IS 'Audit rows written with their change, waiting to be chained into audit_trail; emptied as they are.';--> statement-breakpoint
CREATE INDEX "audit_pending_chain_idx" ON "audit_pending" USING btree (coalesce("site_id", 0), "id");
