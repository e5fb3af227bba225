#!/usr/bin/env bash
# `npm test`: every test of every package. Vitest (unit and integration) and Playwright (end to
# end) both run even when the other fails, then one closing line sums them up.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/vitest.json test-results/playwright.json

node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
unit=$?

e2e=1
if bash scripts/ensure-browser.sh && npm run build --silent; then
  node_modules/.bin/playwright test
  e2e=$?
fi

node --import tsx scripts/test-summary.ts
summary=$?
if [ "$unit" -ne 0 ] || [ "$e2e" -ne 0 ] || [ "$summary" -ne 0 ]; then exit 1; fi
