#!/usr/bin/env bash
# `npm test`: every test of every package. Vitest (unit and integration) and Playwright (end to
# end) both run even when the other fails, then one closing line sums them up.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/vitest*.json test-results/vitest-pglite.* test-results/playwright.json

# Each stage's time, printed before the closing line: where CI's minutes go.
stages=()
stage_started=$SECONDS
stage_done() {
  stages+=("$(printf '%-52s %5d s' "$1" $((SECONDS - stage_started)))")
  stage_started=$SECONDS
}

# Debian's Chromium, its fonts and poppler-utils first: the server suite reads pdf reports with
# pdftotext too, not only the end-to-end tests.
browser=0
bash scripts/ensure-browser.sh || browser=1
stage_done "browser and tools (apt-get when missing)"

node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
unit=$?
stage_done "vitest, every package${DATABASE_URL:+ (PostgreSQL + MQTT broker)}"

# Given a PostgreSQL server (and an MQTT broker), the server suite ran on them above; run it once
# more on the embedded database and broker, the product's default, so both are proven on every
# run. It runs beside the end-to-end stage, whose time is mostly spent waiting for the simulated
# field (frost nights, overdue radios, a roster's steps): the two together take little more
# than the longer of them. Its output goes to a file, printed when it is done.
pglite_pid=
pglite_started=$SECONDS
if [ -n "${DATABASE_URL:-}" ] || [ -n "${MQTT_URL:-}" ]; then
  # The fault campaign brings its own PostgreSQL and Mosquitto: once is enough.
  (
    env -u DATABASE_URL -u MQTT_URL node_modules/.bin/vitest run --project server \
      --exclude '**/test/flows/fault-campaign.test.ts' \
      --reporter=default --reporter=json --outputFile.json=test-results/vitest-pglite.json
    status=$?
    echo $((SECONDS - pglite_started)) > test-results/vitest-pglite.seconds
    exit $status
  ) > test-results/vitest-pglite.log 2>&1 &
  pglite_pid=$!
fi

e2e=1
if [ "$browser" -eq 0 ] && npm run build --silent; then
  stage_done "build the console"
  node_modules/.bin/playwright test
  e2e=$?
  stage_done "playwright (end to end)${pglite_pid:+, beside the next}"
fi

if [ -n "$pglite_pid" ]; then
  wait "$pglite_pid" || unit=1
  echo "Server tests again on embedded PGlite and the embedded broker:"
  cat test-results/vitest-pglite.log
  stages+=("$(printf '%-52s %5d s' "vitest, the server on PGlite (beside the above)" "$(cat test-results/vitest-pglite.seconds 2>/dev/null || echo 0)")")
fi

echo "stage times:"
printf '  %s\n' "${stages[@]}"

node --import tsx scripts/test-summary.ts
summary=$?
if [ "$unit" -ne 0 ] || [ "$e2e" -ne 0 ] || [ "$summary" -ne 0 ]; then exit 1; fi
