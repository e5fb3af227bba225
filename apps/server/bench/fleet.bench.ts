/**
 * `npm run bench:fleet` (issue 33 item 4): GET fleet for support staff over the scale seed, on
 * each database engine. Per engine: a fresh database (a temporary PGlite folder; a temporary
 * database on the PostgreSQL server of DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test)
 * seeded as fleet-scale.ts does: the demo farm, the scale seed (500 sites × 200 radios), a raised
 * alarm on every tenth scale site, and the demo's staff login a member of every site. Then the
 * call one at a time, as one console asks it, over HTTP on 127.0.0.1 with the console's headers:
 * --warmup calls, then --calls measured. Prints p50, p95 and p99 of the whole call and the items
 * it found. Target: p95 < 50 ms. `npm run bench:web -- --pages fleet` measures the console's
 * first paint of the same fleet.
 *
 * Options: --sites N --radios-per-site M --calls N (default 200) --warmup N (default 20)
 *          --engines pglite,postgres
 */
import { parseArgs } from 'node:util';
import { fleetSchema } from '@paddock/domain';
import { buildApp } from '../src/app.ts';
import { seedFleetScale } from './fleet-scale.ts';
import { parseEngines, positive, printTable, type Engine } from './report.ts';
import { benchServerConfig, listenSignedIn } from './signed-in-server.ts';
import { benchEngineEnv } from './temporary-postgres.ts';

const { values: args } = parseArgs({
  options: {
    sites: { type: 'string', default: '500' },
    'radios-per-site': { type: 'string', default: '200' },
    calls: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    engines: { type: 'string', default: 'pglite,postgres' },
  },
});
const SITES = positive('sites', args.sites);
const RADIOS = positive('radios-per-site', args['radios-per-site']);
const CALLS = positive('calls', args.calls);
const WARMUP = positive('warmup', args.warmup);
const HOST = '127.0.0.1';
const TARGET_P95_MS = 50;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

async function runEngine(engine: Engine): Promise<string[] | null> {
  const store = await benchEngineEnv(engine);
  if (!store) return null;
  const config = benchServerConfig(store.env, HOST);
  const app = await buildApp(config);
  try {
    const { db } = app.ctx;
    console.log(`${engine}: migrating and seeding…`);
    const { alarms, staffId } = await seedFleetScale(db, {
      sites: SITES,
      radiosPerSite: RADIOS,
      now: new Date(),
      log: (line) => console.log(`  ${line}`),
    });

    const { port, token } = await listenSignedIn(app, config, staffId, HOST);
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' };
    const url = `http://${HOST}:${port}/api/fleet`;
    let answer: { total: number; sites: number } = { total: 0, sites: 0 };
    const times: number[] = [];
    for (let call = 0; call < WARMUP + CALLS; call++) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      const text = await response.text();
      // The call ends with its answer's last byte; the bench's own check of the answer's shape
      // (zod over 200 rows and 500 sites, some 8 ms) is no part of it.
      const took = performance.now() - started;
      const body = fleetSchema.parse(JSON.parse(text));
      if (call >= WARMUP) times.push(took);
      answer = { total: body.total, sites: body.sites.length };
    }
    times.sort((a, b) => a - b);
    const [p50, p95, p99] = [0.5, 0.95, 0.99].map((q) => quantile(times, q).toFixed(1));
    console.log(`${engine}: ${alarms} alarms raised; measured ${CALLS} calls.`);
    return [
      engine,
      String(SITES),
      String(answer.total),
      String(answer.sites),
      p50 ?? '',
      p95 ?? '',
      p99 ?? '',
      Number(p95) < TARGET_P95_MS ? 'yes' : 'no',
    ];
  } finally {
    await app.close();
    await store.remove();
  }
}

async function main(): Promise<void> {
  console.log(
    `Fleet benchmark: GET fleet as support staff over ${SITES} sites × ${RADIOS} radios, ${CALLS} calls one at a time.`,
  );
  const lines: string[][] = [];
  for (const engine of parseEngines(args.engines)) {
    const line = await runEngine(engine);
    if (line) lines.push(line);
  }
  printTable(
    [
      'engine',
      'sites',
      'items',
      'sites with items',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      `p95 < ${TARGET_P95_MS} ms`,
    ],
    lines,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
