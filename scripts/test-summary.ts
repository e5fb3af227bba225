/**
 * Reads the JSON reports of Vitest and Playwright and prints one closing line,
 * 'tests: N passed, N failed', so a CI log shows the whole run at a glance.
 * A missing report means that runner crashed: it counts as a failure.
 */
import { readFileSync } from 'node:fs';

type Tally = { passed: number; failed: number; skipped: number };

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitestTally(report: unknown): Tally | undefined {
  const r = report as {
    numPassedTests?: number;
    numFailedTests?: number;
    numPendingTests?: number;
    numTodoTests?: number;
  };
  if (typeof r?.numPassedTests !== 'number') return undefined;
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests ?? 0,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
}

function playwrightTally(report: unknown): Tally | undefined {
  const stats = (
    report as { stats?: { expected: number; unexpected: number; flaky: number; skipped: number } }
  )?.stats;
  if (!stats) return undefined;
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

const runners: Array<[string, Tally | undefined]> = [
  ['vitest', vitestTally(readJson('test-results/vitest.json'))],
  ['playwright', playwrightTally(readJson('test-results/playwright.json'))],
];
if (process.env.DATABASE_URL) {
  runners.splice(1, 0, [
    'vitest (server on PGlite)',
    vitestTally(readJson('test-results/vitest-pglite.json')),
  ]);
}

const total: Tally = { passed: 0, failed: 0, skipped: 0 };
let missing = false;
for (const [name, tally] of runners) {
  if (!tally) {
    console.log(`${name}: no report (the runner did not finish)`);
    missing = true;
    total.failed += 1;
    continue;
  }
  console.log(`${name}: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
  total.passed += tally.passed;
  total.failed += tally.failed;
  total.skipped += tally.skipped;
}
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 || missing ? 1 : 0);
