-- LoRaWAN commands down (issue 32 item 3). The Things Stack names a device in its downlink topic
-- by the device id it was registered under (`v3/{app}@{tenant}/devices/{device id}/down/push`),
-- which need not be derived from its devEUI; each uplink brings it, and the radio's last frame
-- keeps it for the commands that follow. Null for ChirpStack, whose topics use the devEUI.
ALTER TABLE "lorawan_frames" ADD COLUMN "device_id" text;
