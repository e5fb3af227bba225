#!/usr/bin/env bash
# `npm test`: every test of every package. Vitest (unit and integration) and Playwright (end to
# end) both run even when the other fails, then one closing line sums them up.
#
# The two run side by side. An end-to-end test spends most of its time waiting for the simulated
# field (a compressed frost night, an overdue radio, a roster's step, a start two minutes ahead),
# so the cores sit idle under it; the vitest suites are the opposite, work for the CPU. Vitest
# runs at a lower priority (nice), so the stack the browser talks to answers as quickly as when
# it is alone, and vitest takes the time the end-to-end tests leave. The vitest files that run
# whole stacks of their own wait until the end-to-end tests are done, then run beside the rest.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/vitest*.json test-results/vitest*.log test-results/*.status test-results/vitest-rest.* \
  test-results/playwright.*

# Each stage's time, printed before the closing line: where CI's minutes go.
stages=()
stage_started=$SECONDS
stage_done() {
  stages+=("$(printf '%-56s %5d s' "$1" $((SECONDS - stage_started)))")
  stage_started=$SECONDS
}

# Debian's Chromium, its fonts and poppler-utils first: the server suite reads pdf reports with
# pdftotext too, not only the end-to-end tests.
browser=0
bash scripts/ensure-browser.sh || browser=1
stage_done "browser and tools (apt-get when missing)"

# End to end, in the background: the built console in Chromium against `npm start`'s stack.
# Its output goes to a file, printed when it is done.
e2e_pid=
if [ "$browser" -eq 0 ] && npm run build --silent; then
  stage_done "build the console"
  e2e_started=$SECONDS
  (
    node_modules/.bin/playwright test
    status=$?
    echo "$status" > test-results/playwright.status
    echo $((SECONDS - e2e_started)) > test-results/playwright.seconds
    exit $status
  ) > test-results/playwright.log 2>&1 &
  e2e_pid=$!
else
  stage_done "build the console (failed: no end-to-end tests)"
fi

# Every vitest file but the stack tests, beside the end-to-end tests (vitest.config.ts STACK_TESTS:
# files that keep a server and a simulator working while they run, and starved with everything
# else when they ran beside the end-to-end stacks). In the background too, its output in a file:
# the stack tests start as soon as the end-to-end tests are done, beside what is left of these.
#
# Given a PostgreSQL server (and an MQTT broker), the server suite runs on them; it runs once more
# on the embedded database and broker, the product's default, so both are proven on every run.
# The fault campaign brings its own PostgreSQL and Mosquitto: once is enough.
embedded_too=
if [ -n "${DATABASE_URL:-}" ] || [ -n "${MQTT_URL:-}" ]; then embedded_too=1; fi
# `on_embedded PART REPORT NICENESS [vitest options]`
on_embedded() {
  local part=$1 report=$2 niceness=$3
  shift 3
  env -u DATABASE_URL -u MQTT_URL PADDOCK_VITEST_PART="$part" nice -n "$niceness" \
    node_modules/.bin/vitest run --project server "$@" \
    --exclude '**/test/flows/fault-campaign.test.ts' \
    --reporter=default --reporter=json --outputFile.json="test-results/$report"
}
# The runs in the background read and write no results cache (the order of files by their last
# durations): the stack tests beside them write theirs, and a file half written by two at once
# would stop the next run from starting.
rest_options=(--no-cache)
rest_started=$SECONDS
(
  status=0
  PADDOCK_VITEST_PART=rest nice -n 10 node_modules/.bin/vitest run "${rest_options[@]}" \
    --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || status=$?
  echo "$status" > test-results/vitest-rest.status
  echo $((SECONDS - rest_started)) > test-results/vitest-rest.seconds
  if [ -n "$embedded_too" ]; then
    echo "Server tests again on embedded PGlite and the embedded broker:"
    embedded_status=0
    on_embedded rest vitest-pglite.json 10 "${rest_options[@]}" || embedded_status=$?
    echo "$embedded_status" > test-results/vitest-rest-pglite.status
    [ "$embedded_status" -eq 0 ] || status=$embedded_status
    echo $((SECONDS - rest_started)) > test-results/vitest-rest-pglite.seconds
  fi
  exit $status
) > test-results/vitest-rest.log 2>&1 &
rest_pid=$!

e2e=1
if [ -n "$e2e_pid" ]; then
  wait "$e2e_pid"
  e2e=$?
  echo "End to end (Playwright), beside the vitest runs:"
  cat test-results/playwright.log
  stages+=("$(printf '%-56s %5d s' "playwright (end to end), beside the vitest runs" "$(cat test-results/playwright.seconds 2>/dev/null || echo 0)")")
fi
stage_started=$SECONDS

# The stack tests, now that the end-to-end stacks are gone, beside what is left of the rest (at
# the lower priority): their servers and simulators have the cores first.
unit=0
echo "The stack tests, after the end-to-end tests:"
status=0
PADDOCK_VITEST_PART=stacks node_modules/.bin/vitest run \
  --reporter=default --reporter=json --outputFile.json=test-results/vitest-stacks.json \
  2>&1 | tee test-results/vitest-stacks.log || status=$?
echo "$status" > test-results/vitest-stacks.status
[ "$status" -eq 0 ] || unit=1
stage_done "vitest, the stack tests${DATABASE_URL:+ (PostgreSQL + MQTT broker)}"
if [ -n "$embedded_too" ]; then
  status=0
  on_embedded stacks vitest-pglite-stacks.json 0 2>&1 | tee test-results/vitest-pglite-stacks.log ||
    status=$?
  echo "$status" > test-results/vitest-pglite-stacks.status
  [ "$status" -eq 0 ] || unit=1
  stage_done "vitest, the server on PGlite, the stack tests"
fi

wait "$rest_pid" || unit=1
echo "All but the stack tests, beside the end-to-end tests:"
cat test-results/vitest-rest.log
stages+=("$(printf '%-56s %5d s' "vitest, all but the stack tests${DATABASE_URL:+ (PostgreSQL + MQTT broker)}" "$(cat test-results/vitest-rest.seconds 2>/dev/null || echo 0)")")
if [ -n "$embedded_too" ]; then
  stages+=("$(printf '%-56s %5d s' "  then the server on PGlite (ended at, from the start)" "$(cat test-results/vitest-rest-pglite.seconds 2>/dev/null || echo 0)")")
fi
stage_done "waiting for the rest after the stack tests"

echo "stage times:"
printf '  %s\n' "${stages[@]}"

node --import tsx scripts/test-summary.ts
summary=$?
# The summary also fails a run whose runner exited non-zero with every test passed (an error
# outside any test), naming the runner and quoting the error from its log.
if [ "$unit" -ne 0 ] || [ "$e2e" -ne 0 ] || [ "$summary" -ne 0 ]; then exit 1; fi
