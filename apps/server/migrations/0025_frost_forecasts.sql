-- Frost forecasts (issue 31): one row per frost area and night (the local date the night began),
-- with what tonight's forecast read and made (T₂ and Td₂ two hours after sunset, the coefficients
-- and their fit, Tmin, when the start temperature is expected), what the morning observed, and
-- when the early warning went out, claimed by an update so it goes once. Alarm messages keep the
-- line of detail a raise gives them (the forecast's minimum, start time and inversion).
CREATE TABLE "frost_forecasts" (
	"area_id" integer NOT NULL REFERENCES "areas"("id") ON DELETE cascade,
	"night" date NOT NULL,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"sunset" timestamp with time zone NOT NULL,
	"sunrise" timestamp with time zone NOT NULL,
	"evaluated_at" timestamp with time zone,
	"sunset_temperature" double precision,
	"t2" double precision,
	"td2" double precision,
	"mean_wind" double precision,
	"a" double precision NOT NULL,
	"b" double precision NOT NULL,
	"c" double precision NOT NULL,
	"fit_nights" integer DEFAULT 0 NOT NULL,
	"fit_error" double precision,
	"fit_source" text NOT NULL,
	"tmin" double precision,
	"start_expected_at" timestamp with time zone,
	"observed_min" double precision,
	"observed_at" timestamp with time zone,
	"radiative" boolean,
	"warned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("area_id", "night")
);--> statement-breakpoint
CREATE INDEX "frost_forecasts_site_night_idx" ON "frost_forecasts" USING btree ("site_id", "night");--> statement-breakpoint
ALTER TABLE "alarm_notifications" ADD COLUMN "detail" text;
