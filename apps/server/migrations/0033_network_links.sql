-- LoRaWAN network server links (issue 32 items 1 and 2). A site's links to a ChirpStack or The
-- Things Stack application: the broker address and credentials (the password sealed with
-- AES-256-GCM under a key derived from the field secret, never given back), the application and
-- tenant whose topics the link reads, and the state its client last met. A radio is matched to a
-- LoRaWAN device by its devEUI (16 upper-case hex digits, unique); a device heard but not
-- attached to any radio of the link's site is kept per link for a site admin to attach; each
-- radio's last frame counter lets a network server's retry be stored once.
CREATE TABLE "network_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"username" text,
	"password_sealed" text,
	"application_id" text NOT NULL,
	"tenant" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"state_detail" text,
	"state_at" timestamp with time zone,
	"last_uplink_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"modified_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "network_links_site_idx" ON "network_links" USING btree ("site_id");--> statement-breakpoint
ALTER TABLE "radios" ADD COLUMN "dev_eui" text;--> statement-breakpoint
CREATE UNIQUE INDEX "radios_dev_eui_idx" ON "radios" USING btree ("dev_eui");--> statement-breakpoint
CREATE TABLE "lorawan_heard" (
	"link_id" integer NOT NULL REFERENCES "network_links"("id") ON DELETE cascade,
	"dev_eui" text NOT NULL,
	"last_f_cnt" bigint NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"rssi" double precision,
	"snr" double precision,
	CONSTRAINT "lorawan_heard_pk" PRIMARY KEY ("link_id", "dev_eui")
);--> statement-breakpoint
CREATE TABLE "lorawan_frames" (
	"radio_id" integer PRIMARY KEY NOT NULL REFERENCES "radios"("id") ON DELETE cascade,
	"f_cnt" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL
);
