-- Alarms that fire and reach a person (issue 13): each alarm's state, the events it records, the
-- durable outbox of its messages (which is also its notification log), the site's escalation
-- roster and the single-use acknowledgement links sent in emails and sms.
CREATE TABLE "alarm_states" (
	"alarm_id" integer PRIMARY KEY NOT NULL REFERENCES "alarms"("id") ON DELETE cascade,
	"status" text DEFAULT 'normal' NOT NULL,
	"holding_since" timestamp with time zone,
	"clearing_since" timestamp with time zone,
	"episode" integer DEFAULT 0 NOT NULL,
	"raised_at" timestamp with time zone,
	"raised_value" double precision,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	"acknowledged_via" text,
	"comment" text,
	"cleared_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "alarm_id" integer REFERENCES "alarms"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "acknowledged_by" text;--> statement-breakpoint
CREATE INDEX "events_alarm_idx" ON "events" USING btree ("alarm_id") WHERE "events"."alarm_id" is not null;--> statement-breakpoint
ALTER TABLE "contact_notifications" ADD COLUMN "critical_afterhours" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_tests" ADD COLUMN "error" text;--> statement-breakpoint
CREATE TABLE "site_rosters" (
	"site_id" integer PRIMARY KEY NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"roster" jsonb NOT NULL
);--> statement-breakpoint
CREATE TABLE "alarm_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"area_id" integer REFERENCES "areas"("id") ON DELETE cascade,
	"alarm_id" integer REFERENCES "alarms"("id") ON DELETE set null,
	"episode" integer,
	"contact_id" integer REFERENCES "contacts"("id") ON DELETE set null,
	"contact_test_id" integer REFERENCES "contact_tests"("id") ON DELETE cascade,
	"method" text NOT NULL,
	"address" text NOT NULL,
	"kind" text NOT NULL,
	"severity" text DEFAULT 'warning' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"raised_value" double precision,
	"provider_id" text,
	"step" integer,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "alarm_notifications_due_idx" ON "alarm_notifications" USING btree ("due_at") WHERE "alarm_notifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "alarm_notifications_alarm_idx" ON "alarm_notifications" USING btree ("alarm_id","id");--> statement-breakpoint
CREATE INDEX "alarm_notifications_site_idx" ON "alarm_notifications" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "alarm_notifications_provider_idx" ON "alarm_notifications" USING btree ("provider_id") WHERE "alarm_notifications"."provider_id" is not null;--> statement-breakpoint
CREATE TABLE "alarm_ack_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"alarm_id" integer NOT NULL REFERENCES "alarms"("id") ON DELETE cascade,
	"episode" integer NOT NULL,
	"contact_id" integer REFERENCES "contacts"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
-- Set-point rules are found by the sensor or control a batch heard from (one rule per sensor).
CREATE INDEX "alarms_rule_target_idx" ON "alarms" USING btree (("rule"->>'targetType'), (("rule"->>'target')::integer));
