/**
 * `node --import tsx apps/server/bench/login-burst.bench.ts`: whether a burst of correct sign-ins
 * starves the other calls. The server (API only, a fresh embedded database with the demo farm)
 * runs in a child process on 127.0.0.1; this process sends 200 sign-ins of the demo admin at once
 * and meanwhile asks GET /appConfig.json one call after another, and prints that call's p50, p99
 * and max before and during the burst, and how long the burst took.
 *
 * Options: --logins N (200)
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { positive, printTable } from './report.ts';

const HOST = '127.0.0.1';

const { values: args } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    logins: { type: 'string', default: '200' },
  },
});

/** The child: seed the demo farm, serve, report the port. Stops on SIGTERM. */
async function serve(): Promise<void> {
  const [{ startServer }, { loadConfig }, demo, { hashPassword }, demoAccounts] = await Promise.all(
    [
      import('../src/start/server.ts'),
      import('../src/config.ts'),
      import('../../devstack/src/demo-farm/demo-farm.ts'),
      import('../src/auth/passwords.ts'),
      import('@paddock/domain/demo'),
    ],
  );
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    PADDOCK_ENVIRONMENT: 'production',
    PADDOCK_ROLES: 'api',
    HOST,
    PORT: '0',
  });
  const running = await startServer(config, {
    prepare: async (db, { now }) => {
      await demo.seedDemoFarm(db, {
        now,
        passwordHash: await hashPassword(demoAccounts.DEMO_PASSWORD),
      });
    },
  });
  process.once('SIGTERM', () => {
    void running.close().then(() => process.exit(0));
  });
  process.send?.({ url: running.url, region: config.region });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

async function timeAppConfig(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/appConfig.json`);
  await response.arrayBuffer();
  return performance.now() - started;
}

/** appConfig.json one call after another until `until` settles. */
async function sampleUntil(url: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) times.push(await timeAppConfig(url));
  return times;
}

async function main(): Promise<void> {
  const logins = positive('logins', args.logins);
  const { DEMO_LOGINS, DEMO_PASSWORD } = await import('@paddock/domain/demo');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-login-bench-'));
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PADDOCK_DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const { url, region } = await new Promise<{ url: string; region: string }>(
      (resolve, reject) => {
        child.once('message', (message) => resolve(message as { url: string; region: string }));
        child.once('exit', (code) => reject(new Error(`the server exited with code ${code}`)));
      },
    );
    // The first calls warm the server up; only the later ones are counted.
    for (let i = 0; i < 100; i++) await timeAppConfig(url);
    const idle: number[] = [];
    for (let i = 0; i < 200; i++) idle.push(await timeAppConfig(url));

    const started = performance.now();
    const burst = Promise.all(
      Array.from({ length: logins }, async () => {
        const response = await fetch(`${url}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user: DEMO_LOGINS.admin, password: DEMO_PASSWORD, region }),
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const during = await sampleUntil(url, burst);
    const statuses = await burst;
    const burstSeconds = (performance.now() - started) / 1000;
    const ok = statuses.filter((status) => status === 200).length;

    const row = (name: string, times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      const ms = (value: number) => value.toFixed(1);
      return [
        name,
        String(times.length),
        ms(percentile(sorted, 50)),
        ms(percentile(sorted, 99)),
        ms(sorted.at(-1) ?? 0),
      ];
    };
    printTable(
      ['GET /appConfig.json', 'calls', 'p50 ms', 'p99 ms', 'max ms'],
      [row('alone', idle), row(`during ${logins} sign-ins`, during)],
    );
    console.log(`${ok} of ${logins} sign-ins answered 200 in ${burstSeconds.toFixed(1)} s`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (args.serve) {
  void serve();
} else {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
