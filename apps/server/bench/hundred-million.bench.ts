/**
 * `npm run bench:hundred-million` (issue 34 item 3): the benchmarks on a database of a hundred
 * million readings, beside the same benchmarks on today's bench-sized database, in one run on
 * the PostgreSQL server of DATABASE_URL (else postgres://postgres@127.0.0.1:5432/test).
 *
 * 1. The small database: migrated, the demo farm, the scale seed (500 sites × 200 radios) and a
 *    soil probe on every radio with its soil-moisture series: 100,000 series.
 * 2. The big one: a copy of it (CREATE DATABASE … TEMPLATE) with 1,000 ten-minute readings of
 *    every series up to now (500 × 200 × 1,000 = 100,000,000 readings, the last week) and their
 *    30-minute rollups, loaded by the server in statements of `--chunk` series, each one
 *    transaction, as a migration or a back-fill would; the time it took is printed.
 * 3. Each bench on the small one, then on the big one (run as its own process, so each starts as
 *    `npm run bench:…` does, told the database by BENCH_DATABASE_URL and handing its rows back
 *    through BENCH_RESULT_FILE): the API bench (the site summary at 1,000 req/s, and the mixed
 *    workload: six console calls at 1,000 req/s while 5,000 msg/s are stored, whose series call
 *    reads a probe's real history on the big one), the series bench (the 3-year chart) and the
 *    ingest bench (PostgreSQL and Mosquitto).
 * 4. A table of both, with how much worse the big one is; targets: none more than 20 % worse,
 *    and the series p95 under 25 ms.
 *
 * Options: --sites N (500) --series-per-site M (200) --readings K (1000) --chunk S (2000 series
 *          per statement) --ingest-runs N (3) --keep (the databases are left, and named, for
 *          another look; otherwise both are dropped).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '@paddock/domain/demo';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/auth/passwords.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { seedScale } from '../src/seed/scale.ts';
import { rollupBucket } from '../src/telemetry/reading.repository.ts';
import { seedDemoFarm } from '../../devstack/src/demo-farm/demo-farm.ts';
import type { Row as IngestRow } from './ingest/harness.ts';
import type { Row as ApiRow } from './api/protocol.ts';
import { insertProbes } from './probes.ts';
import { positive, printTable } from './report.ts';
import { cloneDatabase, temporaryPostgres } from './temporary-postgres.ts';

const { values: args } = parseArgs({
  options: {
    sites: { type: 'string', default: '500' },
    'series-per-site': { type: 'string', default: '200' },
    readings: { type: 'string', default: '1000' },
    chunk: { type: 'string', default: '2000' },
    'ingest-runs': { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
  },
});

const METRIC = 'soil.moisture';
const READING_STEP_SECONDS = 600;
const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

const seconds = (since: number) => (performance.now() - since) / 1000;

/** Step 1: the small database, seeded in this process; the ids of its probes' series. */
async function seedSmall(url: string): Promise<number[]> {
  const started = performance.now();
  const handle = await openDatabase({ kind: 'postgres', url }, () => {});
  try {
    const { db } = handle;
    const now = new Date();
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await seedDemoFarm(db, { now, passwordHash });
    const seeded = await seedScale(db, {
      sites: positive('sites', args.sites),
      radiosPerSite: positive('series-per-site', args['series-per-site']),
      now,
      passwordHash,
      log: (line) => console.log(`  ${line}`),
    });
    const probes = await insertProbes(db, seeded.siteIds);
    const series = await queryRows<{ id: number }>(
      db,
      sql`insert into series (site_id, thing_type, thing_id, metric)
          select site_id, 'sensor', id, ${METRIC} from sensors
          where id = any(${sql.param(probes.map((probe) => probe.sensor_id))}::int[])
          order by id
          returning id`,
    );
    await db.execute(sql`vacuum analyze`);
    console.log(
      `small: demo farm, ${seeded.siteIds.length} sites, ${series.length.toLocaleString('en')} series ` +
        `in ${seconds(started).toFixed(0)} s`,
    );
    return series.map((row) => row.id).sort((a, b) => a - b);
  } finally {
    await handle.close();
  }
}

/**
 * Step 2: `readings` ten-minute readings of every series up to now, with their rollups, in
 * statements of `chunk` series; the seconds it took. The readings and the rollups of a chunk go
 * in by one statement, as ingest writes them (telemetry/reading.repository.ts), in key order.
 */
async function loadReadings(url: string, seriesIds: number[]): Promise<number> {
  const readings = positive('readings', args.readings);
  const chunk = positive('chunk', args.chunk);
  // A chunk's statement takes seconds, and the vacuum minutes: an hour's bound, not 15 s.
  const handle = await openDatabase(
    { kind: 'postgres', url, statementTimeoutMs: 60 * 60_000 },
    () => {},
  );
  const { db } = handle;
  const started = performance.now();
  try {
    const end = Math.floor(Date.now() / 1000 / READING_STEP_SECONDS) * READING_STEP_SECONDS;
    const first = end - (readings - 1) * READING_STEP_SECONDS;
    const step = sql.raw(String(READING_STEP_SECONDS));
    let loaded = 0;
    let reported = performance.now();
    for (let from = 0; from < seriesIds.length; from += chunk) {
      const ids = seriesIds.slice(from, from + chunk);
      const [row] = await db.transaction(async (tx) => {
        // A load, not a farm's writes: a chunk lost in a crash is loaded again.
        await tx.execute(sql`set local synchronous_commit = off`);
        return queryRows<{ inserted: number }>(
          tx,
          sql`with inserted as (
                insert into readings (series_id, time, value)
                select s.id, to_timestamp(${first}::float8 + n * ${step}),
                       -- A soil-moisture-like day: a daily swing, the series' own level, noise.
                       25 + (s.id % 13) + 4 * sin(2 * pi() * n / 144.0) + ((s.id * 31 + n * 7) % 10) / 10.0
                from unnest(${sql.param(ids)}::int[]) as s(id),
                     generate_series(0, ${readings}::int - 1) as n
                order by s.id, n
                returning series_id, time, value
              ),
              rolled as (
                insert into reading_rollups (series_id, bucket, count, sum, min, max)
                select series_id, ${rollupBucket(sql`time`)},
                       count(*), sum(value), min(value), max(value)
                from inserted group by 1, 2 order by 1, 2
              )
              select count(*)::int as inserted from inserted`,
        );
      });
      loaded += Number(row?.inserted ?? 0);
      if (seconds(reported) >= 30 || from + chunk >= seriesIds.length) {
        reported = performance.now();
        const elapsed = seconds(started);
        console.log(
          `  big: ${loaded.toLocaleString('en')} readings (${Math.round(loaded / elapsed).toLocaleString('en')}/s, ${elapsed.toFixed(0)} s)`,
        );
      }
    }
    // Planner statistics and the visibility map, as autovacuum leaves a farm's tables.
    await db.execute(sql`vacuum analyze readings, reading_rollups`);
    await db.execute(sql`checkpoint`).catch(() => {
      // Only a superuser may; the figures are then only noisier.
    });
    const [size] = await queryRows<{ size: string }>(
      db,
      sql`select pg_size_pretty(pg_database_size(current_database())) as size`,
    );
    const total = seconds(started);
    console.log(
      `big: ${loaded.toLocaleString('en')} readings and their rollups loaded in ${total.toFixed(0)} s ` +
        `(${(total / 60).toFixed(1)} min, with the vacuum); the database is ${size?.size}`,
    );
    return total;
  } finally {
    await handle.close();
  }
}

type Recorded = { bench: string; rows: unknown[] };

/** Runs a bench script on `databaseUrl`, its output shown; the rows it recorded. */
async function runBench(script: string, argv: string[], databaseUrl: string): Promise<Recorded[]> {
  const folder = mkdtempSync(path.join(tmpdir(), 'paddock-bench-rows-'));
  const resultFile = path.join(folder, 'rows.jsonl');
  try {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(BENCH_DIR, script), ...argv],
      {
        env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_RESULT_FILE: resultFile },
        stdio: 'inherit',
      },
    );
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`${script} exited with code ${code}`);
    return readFileSync(resultFile, 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as Recorded);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function rowsOf<T>(recorded: Recorded[], bench: string): T[] {
  return recorded.filter((entry) => entry.bench === bench).flatMap((entry) => entry.rows as T[]);
}

type SeriesRow = { query: string; p95: number };

/** One line of the table: a figure on both databases, and whether more is better. */
type Figure = { name: string; small: number; big: number; higherIsBetter: boolean };

const median = (values: number[]) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/** Step 3: the benches on a database; the figures of the table. */
async function measure(url: string, label: string): Promise<Map<string, number>> {
  const figures = new Map<string, number>();
  console.log(`\n== ${label}: API bench (the site summary, the mixed workload) ==`);
  const api = rowsOf<ApiRow>(
    await runBench(
      'api.bench.ts',
      [
        '--engines',
        'postgres',
        '--sites',
        String(args.sites),
        '--radios-per-site',
        String(args['series-per-site']),
      ],
      url,
    ),
    'api',
  );
  const summary = api.find((row) => /\/summary$/.test(row.endpoint));
  const mixed = api.find((row) => row.endpoint.startsWith('mix'));
  if (summary) {
    figures.set('site summary alone, req/s answered of 1,000', summary.reqPerSec);
    figures.set('site summary alone, p99 (ms)', summary.p99);
  }
  if (mixed) {
    figures.set('mixed workload, req/s answered of 1,000', mixed.reqPerSec);
    figures.set('mixed workload, p99 (ms)', mixed.p99);
  }
  console.log(`\n== ${label}: series bench (the 3-year chart) ==`);
  const series = rowsOf<SeriesRow>(
    await runBench('series.bench.ts', ['--engines', 'postgres'], url),
    'series',
  );
  const threeYears = series.filter((row) => row.query.startsWith('3 years'));
  if (threeYears.length > 0) {
    figures.set('3-year series p95, worst query (ms)', Math.max(...threeYears.map((r) => r.p95)));
  }
  if (series.length > 0) {
    figures.set('series p95, worst of all queries (ms)', Math.max(...series.map((r) => r.p95)));
  }
  console.log(`\n== ${label}: ingest bench (PostgreSQL and Mosquitto) ==`);
  const ingest = rowsOf<IngestRow>(
    await runBench(
      'ingest.bench.ts',
      ['--setups', 'external', '--runs', String(positive('ingest-runs', args['ingest-runs']))],
      url,
    ),
    'ingest',
  );
  if (ingest.length > 0) {
    figures.set('ingest p99, median of the runs (ms)', median(ingest.map((row) => row.p99)));
    figures.set('ingest sustained msg/s, median', median(ingest.map((row) => row.sustained)));
  }
  return figures;
}

function printFigures(small: Map<string, number>, big: Map<string, number>): void {
  const figures: Figure[] = [...small.keys()].map((name) => ({
    name,
    small: small.get(name) ?? Number.NaN,
    big: big.get(name) ?? Number.NaN,
    // Times (ms) are better lower; rates (per second) higher.
    higherIsBetter: !name.endsWith('(ms)'),
  }));
  const lines = figures.map((figure) => {
    // How much worse the big database is: slower (ms) or fewer (per second).
    const worse = figure.higherIsBetter
      ? (figure.small - figure.big) / figure.small
      : (figure.big - figure.small) / figure.small;
    const series25 = /^3-year|^series/.test(figure.name) && figure.big >= 25;
    return [
      figure.name,
      figure.small.toFixed(1),
      figure.big.toFixed(1),
      `${worse >= 0 ? '+' : ''}${(worse * 100).toFixed(0)} %`,
      worse > 0.2 || series25 ? 'no' : 'yes',
    ];
  });
  printTable(['figure', 'small', '100 M readings', 'worse by', 'target met'], lines);
}

async function main(): Promise<void> {
  const small = await temporaryPostgres();
  if (!small) {
    console.log('No PostgreSQL server answers (DATABASE_URL): nothing measured.');
    return;
  }
  let big: { url: string; drop: () => Promise<void> } | null = null;
  try {
    const total =
      positive('sites', args.sites) *
      positive('series-per-site', args['series-per-site']) *
      positive('readings', args.readings);
    console.log(
      `100 M bench: ${args.sites} sites × ${args['series-per-site']} series × ${args.readings} readings = ` +
        `${total.toLocaleString('en')} readings, against the same database without them.`,
    );
    const seriesIds = await seedSmall(small.url);
    big = await cloneDatabase(small.url);
    const loadSeconds = await loadReadings(big.url, seriesIds);
    const onSmall = await measure(small.url, 'small');
    const onBig = await measure(big.url, '100 M readings');
    console.log('');
    console.log(
      `Loaded ${total.toLocaleString('en')} readings in ${(loadSeconds / 60).toFixed(1)} min (target: under 20).`,
    );
    printFigures(onSmall, onBig);
    if (args.keep) console.log(`Kept: small ${small.url}, big ${big.url}`);
  } finally {
    if (!args.keep) {
      await big?.drop();
      await small.drop();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
