CREATE TABLE "dead_letters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dead_letters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"topic" text NOT NULL,
	"payload" text NOT NULL,
	"reason" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_commands" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" integer,
	"site_id" integer NOT NULL,
	"serialno" text NOT NULL,
	"action" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"sent_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "program_runs" (
	"program_id" integer PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_rollups" (
	"series_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	CONSTRAINT "reading_rollups_series_id_bucket_pk" PRIMARY KEY("series_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"series_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "readings_series_id_time_pk" PRIMARY KEY("series_id","time")
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"thing_type" text NOT NULL,
	"thing_id" integer NOT NULL,
	"metric" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "radios" ADD COLUMN "report_interval_seconds" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "radios" ADD COLUMN "last_seq" bigint;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "report_interval_seconds" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "last_seq" bigint;--> statement-breakpoint
ALTER TABLE "field_commands" ADD CONSTRAINT "field_commands_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_commands" ADD CONSTRAINT "field_commands_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_runs" ADD CONSTRAINT "program_runs_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dead_letters_time_idx" ON "dead_letters" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "field_commands_request_idx" ON "field_commands" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "field_commands_open_idx" ON "field_commands" USING btree ("deadline") WHERE "field_commands"."status" in ('sent', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "series_thing_metric_idx" ON "series" USING btree ("thing_type","thing_id","metric");