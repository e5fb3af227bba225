#!/usr/bin/env bash
# Starts the machine's PostgreSQL and Mosquitto when they are not answering, so tests that are
# given DATABASE_URL / MQTT_URL find them. A machine without them installed is left as it is:
# the product's embedded defaults (PGlite, in-process broker) need neither.
set -uo pipefail
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if ! port_open 5432 && command -v pg_ctlcluster >/dev/null; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
fi
if ! port_open 1883 && command -v mosquitto >/dev/null; then
  mosquitto -d -c /etc/mosquitto/mosquitto.conf || true
fi
exit 0
