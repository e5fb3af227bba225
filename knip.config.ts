/**
 * `npm run check:unused`: files, exports and dependencies nothing uses, found by knip. Entry
 * points are what a person or CI runs (the package scripts, each app's main, the CLIs, benches
 * and the fault campaign) and what test runners load; knip's vitest, playwright and vite
 * plugins find the tests, specs and the console's entry on their own.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: ['scripts/*.ts', 'e2e/support/*.ts'],
      project: ['*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts'],
    },
    'apps/server': {
      // bench/*-cli.ts are spawned by path (fleet-scale-cli.ts by bench:web's fleet stack).
      entry: ['src/**/*-cli.ts', 'bench/**/*.bench.ts', 'bench/*-cli.ts'],
      project: ['src/**/*.ts', 'bench/**/*.ts', 'faults/**/*.ts', 'test/**/*.ts'],
      // The pdf renderer reads the font's files by path (exports/render-pdf.ts).
      ignoreDependencies: ['@fontsource/dejavu-sans'],
    },
    'apps/devstack': {
      entry: ['src/*-cli.ts'],
      project: ['src/**/*.ts'],
    },
    'apps/simulator': {
      project: ['src/**/*.ts'],
    },
    'apps/web': {
      // chart-history.ts is spawned by chart.bench.ts by path.
      entry: ['bench/**/*.bench.ts', 'bench/chart-history.ts'],
      project: ['src/**/*.{ts,tsx}', 'bench/**/*.ts'],
      // The root vitest.config.ts runs the console's tests in happy-dom; postcss.config.cjs
      // loads Mantine's PostCSS plugins by name.
      ignoreDependencies: ['happy-dom', 'postcss-preset-mantine', 'postcss-simple-vars'],
    },
    'packages/domain': {
      project: ['src/**/*.ts'],
    },
  },
  // The spec's vocabulary names some things twice (a request id is an id; a zone's application
  // status has program activity's words): those aliases are exported on purpose.
  rules: { duplicates: 'off' },
  // vitest.config.ts names the server project's global set-up relative to that project's root.
  ignoreUnresolved: ['./test/helpers/database-template.ts'],
  // Debian's tools the fault campaign and the pdf tests call (scripts/ensure-browser.sh installs
  // them), and the cluster bench's balancer (scripts/ensure-haproxy.sh).
  ignoreBinaries: ['pdftotext', 'mount', 'umount', 'haproxy'],
};

export default config;
