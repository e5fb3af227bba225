-- Webhooks out (issue 32 item 5). A site's endpoints, each with the event kinds it is sent, its
-- secret (shown once, when it is made) and its latest attempt; the outbox of events, written in
-- the transaction of what happened and only while an active endpoint of the site takes the kind;
-- one delivery per event and endpoint, sent in id order per endpoint, and each attempt with the
-- receiver's status, time and the start of its answer.
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"active" boolean NOT NULL,
	"secret" text NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_delivered" boolean,
	"created_at" timestamp with time zone NOT NULL,
	"modified_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "webhook_endpoints_site_idx" ON "webhook_endpoints" USING btree ("site_id");--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"message_id" text DEFAULT ('msg_' || replace(gen_random_uuid()::text, '-', '')) NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "webhook_events_at_idx" ON "webhook_events" USING btree ("at");--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"endpoint_id" integer NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE cascade,
	"event_id" bigint NOT NULL REFERENCES "webhook_events"("id") ON DELETE cascade,
	"status" text DEFAULT 'pending' NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"leased_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id", "id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("endpoint_id", "id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"delivery_id" bigint NOT NULL REFERENCES "webhook_deliveries"("id") ON DELETE cascade,
	"attempt" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"excerpt" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id", "attempt");
