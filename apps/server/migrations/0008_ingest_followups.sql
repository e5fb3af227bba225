-- What must run after an ingest batch is committed, written in the batch's own transaction (a
-- transactional outbox): a crash between the commit and the work cannot lose the work. A worker
-- runs the followup and deletes its row in one transaction; a failed one waits until due_at.
CREATE TABLE "ingest_followups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ingest_followups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"batch" jsonb NOT NULL,
	"committed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "ingest_followups_due_idx" ON "ingest_followups" USING btree ("due_at","id");
