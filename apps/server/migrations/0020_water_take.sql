-- Council water-take records (issue 17 item 4; docs/water-take.md): a site's water consents, the
-- water meters each covers with the meter's last verification, and each local day's file the
-- daily job wrote (kept in the database so every process serves it and a restart loses nothing).
CREATE TABLE "water_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"consent_number" text NOT NULL,
	"label" text,
	"max_rate_lps" double precision,
	"max_daily_volume_m3" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "water_consents_number_idx" ON "water_consents" USING btree ("site_id","consent_number");--> statement-breakpoint
CREATE TABLE "water_consent_meters" (
	"consent_id" integer NOT NULL REFERENCES "water_consents"("id") ON DELETE cascade,
	"sensor_id" integer NOT NULL REFERENCES "sensors"("id") ON DELETE cascade,
	"verified_on" date,
	PRIMARY KEY ("consent_id","sensor_id")
);--> statement-breakpoint
CREATE TABLE "water_take_days" (
	"consent_id" integer NOT NULL REFERENCES "water_consents"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"file" text,
	"volume" double precision,
	"quality" integer,
	"missing" integer,
	"produced_at" timestamp with time zone,
	"amended_at" timestamp with time zone,
	"error" text,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("consent_id","day")
);
