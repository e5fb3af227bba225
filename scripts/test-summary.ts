/**
 * Reads the JSON reports of Vitest and Playwright and prints one closing line,
 * 'tests: N passed, N failed', so a CI log shows the whole run at a glance.
 * A missing report means that runner crashed: it counts as a failure.
 * The names of failed tests, with the first lines of their errors, come last,
 * because a CI log is read from its end.
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

type Failure = { name: string; message: string };

/** The first lines of an error: enough to recognise it at the end of a long log. */
function firstLines(message: string | undefined): string {
  return (message ?? '').split('\n').slice(0, 6).join('\n      ');
}

function vitestFailures(report: unknown): Failure[] {
  const files =
    (
      report as {
        testResults?: Array<{
          name: string;
          message?: string;
          assertionResults?: Array<{
            status: string;
            fullName: string;
            failureMessages?: string[];
          }>;
        }>;
      }
    )?.testResults ?? [];
  return files.flatMap((file) => {
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    // A file that failed to load has no assertion results, only its message.
    if (failed.length === 0 && file.message) return [{ name: file.name, message: file.message }];
    return failed.map((a) => ({
      name: `${file.name} › ${a.fullName}`,
      message: a.failureMessages?.[0] ?? '',
    }));
  });
}

type PlaywrightSuite = {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{
    title: string;
    ok: boolean;
    tests: Array<{ results: Array<{ status: string; error?: { message?: string } }> }>;
  }>;
};

function playwrightFailures(report: unknown): Failure[] {
  const walk = (suite: PlaywrightSuite, path: string[]): Failure[] => [
    ...(suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => ({
        name: [...path, spec.title].join(' › '),
        message:
          spec.tests
            .flatMap((t) => t.results)
            .find((r) => r.status !== 'passed' && r.status !== 'skipped')?.error?.message ?? '',
      })),
    ...(suite.suites ?? []).flatMap((child) => walk(child, [...path, child.title])),
  ];
  const suites = (report as { suites?: PlaywrightSuite[] })?.suites ?? [];
  return suites.flatMap((suite) => walk(suite, [suite.title]));
}

function playwrightTally(report: unknown): Tally | undefined {
  const stats = (
    report as { stats?: { expected: number; unexpected: number; flaky: number; skipped: number } }
  )?.stats;
  if (!stats) return undefined;
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

/**
 * A vitest run in two parts (scripts/test.sh: the stack tests after the end-to-end tests): their
 * tallies summed, undefined when either part did not finish.
 */
function vitestPartsTally(reports: unknown[]): Tally | undefined {
  const tallies = reports.map(vitestTally);
  if (tallies.some((tally) => tally === undefined)) return undefined;
  return (tallies as Tally[]).reduce((sum, tally) => ({
    passed: sum.passed + tally.passed,
    failed: sum.failed + tally.failed,
    skipped: sum.skipped + tally.skipped,
  }));
}

const vitestReports = ['test-results/vitest.json', 'test-results/vitest-stacks.json'].map(readJson);
const pgliteReports = [
  'test-results/vitest-pglite.json',
  'test-results/vitest-pglite-stacks.json',
].map(readJson);
const playwrightReport = readJson('test-results/playwright.json');
const runners: Array<[string, Tally | undefined]> = [
  ['vitest', vitestPartsTally(vitestReports)],
  ['playwright', playwrightTally(playwrightReport)],
];
if (process.env.DATABASE_URL) {
  runners.splice(1, 0, ['vitest (server on PGlite)', vitestPartsTally(pgliteReports)]);
}

const failures: Array<[string, Failure[]]> = [
  ['vitest', vitestReports.flatMap(vitestFailures)],
  ['vitest (server on PGlite)', pgliteReports.flatMap(vitestFailures)],
  ['playwright', playwrightFailures(playwrightReport)],
];
for (const [runner, list] of failures) {
  for (const failure of list) {
    console.log(`FAILED (${runner}) ${failure.name}\n      ${firstLines(failure.message)}`);
  }
}

/**
 * A runner can exit non-zero with every test passed: vitest for an error thrown outside any test
 * (an unhandled rejection, a worker's RPC timeout), Playwright for an error in a worker or a web
 * server. scripts/test.sh writes each runner's exit status beside its log; such an exit is named
 * here with the error's lines from the log, so a red run never hides behind "0 failed".
 */
const ANSI = new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g');
function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8').replace(ANSI, '');
  } catch {
    return '';
  }
}
/** Vitest's block of errors outside tests ("Unhandled Errors"), or '' when the log has none. */
function errorsOutsideTests(log: string): string {
  const lines = log.split('\n');
  const start = lines.findIndex((line) => /Unhandled (Errors?|Rejection)/.test(line));
  return start < 0 ? '' : lines.slice(start, start + 25).join('\n      ');
}
const exits: Array<[string, string, string]> = [
  ['vitest (all but the stack tests)', 'vitest-rest', 'vitest-rest.log'],
  ['vitest (server on PGlite, all but the stack tests)', 'vitest-rest-pglite', 'vitest-rest.log'],
  ['vitest (the stack tests)', 'vitest-stacks', 'vitest-stacks.log'],
  [
    'vitest (server on PGlite, the stack tests)',
    'vitest-pglite-stacks',
    'vitest-pglite-stacks.log',
  ],
  ['playwright', 'playwright', 'playwright.log'],
];
let exitedBadly = false;
for (const [name, statusFile, log] of exits) {
  const status = readText(`test-results/${statusFile}.status`).trim();
  if (status === '' || status === '0') continue;
  exitedBadly = true;
  const quoted = errorsOutsideTests(readText(`test-results/${log}`));
  console.log(`EXITED ${status} (${name})${quoted ? `\n      ${quoted}` : ''}`);
}
const playwrightErrors =
  (playwrightReport as { errors?: Array<{ message?: string }> })?.errors ?? [];
for (const error of playwrightErrors) {
  console.log(`ERROR (playwright, outside a test)\n      ${firstLines(error.message)}`);
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
process.exit(total.failed > 0 || missing || exitedBadly || playwrightErrors.length > 0 ? 1 : 0);
