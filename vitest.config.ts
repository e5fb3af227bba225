import { defineConfig } from 'vitest/config';

// Every package's unit and integration tests in one run; Playwright specs live in e2e/ and are not picked up.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // The migrated database every test file's own starts from, made once per run.
          globalSetup: ['test/helpers/database-template.ts'],
          // Each file starts its own database (PGlite boots in ~1 s, more on a loaded 2-core machine).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'simulator',
          root: 'apps/simulator',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'devstack',
          root: 'apps/devstack',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Starts the server on an embedded database.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scripts',
          root: '.',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
    ],
  },
});
