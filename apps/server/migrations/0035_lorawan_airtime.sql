-- LoRaWAN air time (issue 32 item 4). Each uplink a network server link stores keeps its air time
-- (The Things Stack's consumed_airtime, else computed from its spreading factor, bandwidth and
-- payload size), so the maintenance worklist can warn before a device passes The Things Network's
-- fair use of 30 s a day. Only the last two days are kept: the limit is over any 24 hours, and the
-- rows of older uplinks go in the transaction that adds the radio's next one.
CREATE TABLE "lorawan_airtime" (
	"radio_id" integer NOT NULL REFERENCES "radios"("id") ON DELETE cascade,
	"at" timestamp with time zone NOT NULL,
	"seconds" double precision NOT NULL,
	CONSTRAINT "lorawan_airtime_pk" PRIMARY KEY ("radio_id", "at")
);
