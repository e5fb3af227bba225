import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** What every web test file has: Testing Library's setup, and time for a person's pace. */
const WEB_TEST = {
  setupFiles: [fileURLToPath(new URL('apps/web/src/testing/setup.ts', import.meta.url))],
  // A rendered form's test clicks, types and waits for React like a person; beside the
  // end-to-end stack and the niced check (.ci/run) on two cores, that can take over ten times
  // as long as alone: the audit page's filters (2.4 s alone) passed 30 s there once. As for the
  // server, a timeout only ends a test that hangs.
  testTimeout: 120_000,
};
/**
 * The time a server, devstack or domain test may take before it counts as hung: 6 minutes. Their
 * longest take about 50 s in a quiet CI run here, and a refused CI run was 2–3 times slower than
 * that throughout; a timeout only catches a hang (the benchmarks measure speed).
 */
const LONG_TEST_MS = 360_000;
const AUTH_SCREENS = [
  'src/app/routes/auth/**/*.test.{ts,tsx}',
  'src/features/auth/**/*.test.{ts,tsx}',
];

/**
 * The test files that run whole stacks, by project (paths from the project's root): the devstack
 * with its demo farm and simulator, a server spawned as `npm run serve`, the field network end to
 * end, a runner restarted mid-zone, a forecast night. Each keeps a server (and a simulator)
 * working for as long as it runs. Beside the end-to-end stacks on two cores they were starved,
 * ran for minutes, and their stacks worked all that while, starving the rest in turn: a CI run took
 * 43 minutes where 20 were usual. scripts/test.sh runs them once Playwright is done:
 * PADDOCK_VITEST_PART=rest leaves them out, PADDOCK_VITEST_PART=stacks runs only them; unset, a
 * run has every file.
 */
const STACK_TESTS = {
  server: [
    'test/flows/**/*.test.ts',
    'src/irrigation/runner-service.test.ts',
    'src/frost-watch/forecast-job.test.ts',
  ],
  devstack: ['src/devstack.test.ts', 'src/history.test.ts', 'src/demo-farm/frost-season.test.ts'],
} as const;
const part = process.env.PADDOCK_VITEST_PART;

/** A project's include and exclude for the part of the run asked for. */
function filesOf(project: string, include: string[], exclude: string[] = []) {
  const stacks: readonly string[] = STACK_TESTS[project as keyof typeof STACK_TESTS] ?? [];
  const files = (chosen: string[], left: string[]) =>
    // An exclude given replaces vitest's own (node_modules…): only one that leaves something out.
    left.length === 0 ? { include: chosen } : { include: chosen, exclude: left };
  if (part === 'stacks') return files([...stacks], exclude);
  if (part === 'rest') return files(include, [...exclude, ...stacks]);
  return files(include, exclude);
}

// Every package's unit and integration tests in one run; Playwright specs live in e2e/ and are not picked up.
export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single worker on this 2-core machine,
    // which left the cores ~45 % idle while server tests waited on their database, broker and
    // timers. Two test files at a time fill that wait.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          ...filesOf('domain', ['src/**/*.test.ts']),
          environment: 'node',
          // Pure functions: test files share a worker's loaded modules instead of loading them anew.
          isolate: false,
          // The runner's property tests drive hundreds of generated programs (CPU only, about 2 s
          // each alone); beside the end-to-end stack on two cores, at a lower priority, one took
          // 36 s in CI. A timeout is no measure of speed here (benchmarks are): it only ends a
          // test that hangs, so it allows for a CI machine several times slower than this one.
          testTimeout: LONG_TEST_MS,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          ...filesOf('server', ['src/**/*.test.ts', 'test/**/*.test.ts']),
          environment: 'node',
          // No module mocks and no global state between files: a worker keeps the server's modules
          // loaded (Fastify, drizzle, PGlite's WebAssembly) instead of loading them for every file,
          // some 2.5 s of CPU each. Every file opens and closes its own database and servers.
          isolate: false,
          // The migrated database every test file's own starts from, made once per run.
          globalSetup: ['./test/helpers/database-template.ts'],
          // Each file starts its own database (PGlite boots in ~1 s alone). Beside the end-to-end
          // stack, at a lower priority (scripts/test.sh), a file waits its turn for the CPU: an
          // app's start has taken over 60 s there, and the fuzz over every operation takes 50 s
          // on a quiet run of CI here.
          testTimeout: LONG_TEST_MS,
          hookTimeout: LONG_TEST_MS,
        },
      },
      {
        test: {
          name: 'simulator',
          root: 'apps/simulator',
          ...filesOf('simulator', ['src/**/*.test.ts']),
          environment: 'node',
          isolate: false,
          // Simulated hours run in milliseconds alone; beside the end-to-end stack, more than 5 s.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'devstack',
          root: 'apps/devstack',
          ...filesOf('devstack', ['src/**/*.test.ts']),
          environment: 'node',
          // Starts the server on an embedded database, with the demo farm and the simulator:
          // beside the end-to-end stack, at a lower priority, that has taken over 60 s.
          testTimeout: LONG_TEST_MS,
          hookTimeout: LONG_TEST_MS,
        },
      },
      {
        test: {
          name: 'scripts',
          root: '.',
          ...filesOf('scripts', ['scripts/**/*.test.ts']),
          environment: 'node',
          // The lint rules' tests load ESLint and typescript-eslint's config on their first case.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          ...filesOf('web', ['src/**/*.test.{ts,tsx}'], AUTH_SCREENS),
          environment: 'happy-dom',
          // Test files share a worker's loaded modules (React, Mantine, the console's own) instead
          // of loading them for every file: a quarter of the CPU. The setup cleans what a test
          // leaves on screen; module mocks are hoisted per file and hold there. Shuffled runs
          // (--sequence.shuffle.files) found no file that depends on another's leftovers.
          isolate: false,
          ...WEB_TEST,
        },
      },
      {
        test: {
          // The sign-in, activation, sign-up and password screens keep the session, the stored
          // auth and their pending redirects in modules: shared, their tests depended on the order
          // of files. Each file loads the modules anew.
          name: 'web auth screens',
          root: 'apps/web',
          ...filesOf('web auth screens', AUTH_SCREENS),
          environment: 'happy-dom',
          ...WEB_TEST,
        },
      },
    ],
  },
});
