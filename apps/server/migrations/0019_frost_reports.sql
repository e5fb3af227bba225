-- Frost records (issue 15): a site's own frost fan rules, and report exports made by the worker.
-- An export is a request (action export); its file is kept in the database so every process can
-- serve it and a restart loses nothing, then deleted once it expires (the row stays).
CREATE TABLE "frost_rules" (
	"site_id" integer PRIMARY KEY NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"rules" jsonb NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "report_exports" (
	"request_id" integer PRIMARY KEY NOT NULL REFERENCES "requests"("id") ON DELETE cascade,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"area_id" integer NOT NULL REFERENCES "areas"("id") ON DELETE cascade,
	"user_id" integer REFERENCES "users"("id") ON DELETE cascade,
	"report" text NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"range_from" timestamp with time zone NOT NULL,
	"range_to" timestamp with time zone NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"file" bytea,
	"file_name" text,
	"size" integer,
	"expires_at" timestamp with time zone,
	"error" text
);--> statement-breakpoint
CREATE INDEX "report_exports_user_idx" ON "report_exports" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "report_exports_expiry_idx" ON "report_exports" USING btree ("expires_at") WHERE "file" is not null;
