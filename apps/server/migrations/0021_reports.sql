-- Reports (issue 17): exports of every report type of a site (not only a frost area's), their
-- files kept in chunks so a large csv is written and served with bounded memory, and reports
-- sent to a contact by email each week or month.
ALTER TABLE "report_exports" ALTER COLUMN "area_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "report_exports" ALTER COLUMN "kind" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "report_exports" ALTER COLUMN "size" TYPE bigint;--> statement-breakpoint
ALTER TABLE "report_exports" ADD COLUMN "things" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "report_exports" ADD COLUMN "series" jsonb;--> statement-breakpoint
ALTER TABLE "report_exports" ADD COLUMN "resolution" text;--> statement-breakpoint
CREATE TABLE "report_export_chunks" (
	"request_id" integer NOT NULL REFERENCES "report_exports"("request_id") ON DELETE cascade,
	"seq" integer NOT NULL,
	"bytes" bytea NOT NULL,
	PRIMARY KEY ("request_id", "seq")
);--> statement-breakpoint
CREATE TABLE "scheduled_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"contact_id" integer NOT NULL REFERENCES "contacts"("id") ON DELETE cascade,
	"every" text NOT NULL,
	"choice" jsonb NOT NULL,
	"last_period" text,
	"last_sent_at" timestamp with time zone,
	"claimed_period" text,
	"claimed_at" timestamp with time zone,
	"error" text,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "scheduled_reports_site_idx" ON "scheduled_reports" USING btree ("site_id");
