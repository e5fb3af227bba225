/**
 * `npm run bench:report` (issue 17): report files made by the export job's own code on PostgreSQL
 * (a temporary database on the server of DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test;
 * dropped at the end), written into export chunks as the worker writes them. Printed: time and
 * the peak memory of the process that made it (resident, and the V8 heap in use): each export runs
 * in a child process of its own, which loads only the export worker's modules (the seeding, the
 * password hash of the demo farm and their modules are not in its figure).
 *
 * 1. A 3-year csv of 50 series of 10-minute readings (7.9 million rows), streamed: first, so the
 *    peak memory printed is the streamed export's own. Target: peak RSS < 200 MB.
 * 2. A one-year irrigation report of the largest demo site (the most zones): each zone's valves
 *    run once a day and each irrigation area has a meter with 10-minute totals; pdf, then xlsx.
 *
 * Options: --years N (default 3) --series N (default 50) --days N (irrigation, default 365)
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../src/db/client.ts';
import type { ExportAsk } from '../src/exports/export.repository.ts';
import { positive, printTable } from './report.ts';

const { values: args } = parseArgs({
  options: {
    years: { type: 'string', default: '3' },
    series: { type: 'string', default: '50' },
    days: { type: 'string', default: '365' },
    /** Internal: a child process making one export (JSON of ExportAsk) on the database at --url. */
    child: { type: 'string' },
    url: { type: 'string' },
  },
});
const YEARS = positive('years', args.years);
const SERIES = positive('series', args.series);
const DAYS = positive('days', args.days);
const DAY_MS = 86_400_000;
const MB = 1024 * 1024;

const day = (date: Date) => new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);

const maxRssMb = () => (process.resourceUsage().maxRSS * 1024) / MB;

/** `count` readings of a series every 10 minutes from `start`, made by the server. */
async function fill(db: Database, seriesId: number, start: Date, count: number, value: string) {
  await db.execute(
    sql`insert into readings (series_id, time, value)
        select ${seriesId}, ${start.toISOString()}::timestamptz + i * interval '10 minutes', ${sql.raw(value)}
        from generate_series(0, ${count - 1}) i`,
  );
}

async function seriesId(db: Database, siteId: number, type: string, thing: number, metric: string) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into series (site_id, thing_type, thing_id, metric)
        values (${siteId}, ${type}, ${thing}, ${metric}) returning id`,
  );
  if (!row) throw new Error('series not inserted');
  return Number(row.id);
}

/** The generic csv's data: SERIES series on one sensor of the site, YEARS of 10-minute readings. */
async function loadGenericSeries(db: Database, siteId: number, now: Date) {
  const [sensor] = await queryRows<{ id: number }>(
    db,
    sql`select id from sensors where site_id = ${siteId} order by id limit 1`,
  );
  if (!sensor) throw new Error('the site has no sensor');
  const readingsPerSeries = YEARS * 365 * 144;
  const genericTo = day(now);
  const genericFrom = new Date(genericTo.getTime() - YEARS * 365 * DAY_MS);
  const loadStarted = performance.now();
  const chosen = [];
  for (let k = 0; k < SERIES; k++) {
    const metric = `bench.m${k}`;
    const id = await seriesId(db, siteId, 'sensor', sensor.id, metric);
    await fill(
      db,
      id,
      genericFrom,
      readingsPerSeries,
      `round((20 + 10 * sin(i / 144.0) + ${k})::numeric, 3)`,
    );
    chosen.push({ thing: { type: 'sensor' as const, id: sensor.id }, metric });
  }
  console.log(
    `loaded ${SERIES} × ${readingsPerSeries} readings in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`,
  );
  return { chosen, genericFrom, genericTo };
}

/**
 * The irrigation year: every valve of the site opens once a day for 45 minutes, staggered; each
 * irrigation area has a meter with 10-minute totals.
 */
async function loadIrrigationYear(db: Database, siteId: number, now: Date) {
  const loadStarted = performance.now();
  const irrigationTo = day(now);
  const irrigationFrom = new Date(irrigationTo.getTime() - DAYS * DAY_MS);
  const valves = await queryRows<{ id: number; area_id: number }>(
    db,
    sql`select c.id, c.area_id from controls c join areas a on a.id = c.area_id
        where a.site_id = ${siteId} and c.section_id is not null
          and c.type in ('valve', 'valveAddon') order by c.id`,
  );
  for (const [index, valve] of valves.entries()) {
    const id = await seriesId(db, siteId, 'control', valve.id, 'running');
    const offset = 17 * 60 + (index % 40) * 15; // from 17:00 UTC (early morning in NZ)
    await db.execute(
      sql`insert into readings (series_id, time, value)
          select ${id}, ${irrigationFrom.toISOString()}::timestamptz + d * interval '1 day'
                 + (${offset} + m) * interval '1 minute', v
          from generate_series(0, ${DAYS - 1}) d, (values (0, 1), (45, 0)) as o(m, v)`,
    );
  }
  const areaIds = [...new Set(valves.map((valve) => Number(valve.area_id)))];
  for (const areaId of areaIds) {
    const [meter] = await queryRows<{ id: number }>(
      db,
      sql`insert into sensors (site_id, area_id, type, tags, topics, label, serialno)
          values (${siteId}, ${areaId}, 'watermeter', '{}'::jsonb, '[]'::jsonb,
                  ${`Bench meter ${areaId}`}, ${`BENCH-WM-${areaId}`}) returning id`,
    );
    if (!meter) throw new Error('meter not inserted');
    const id = await seriesId(db, siteId, 'sensor', meter.id, 'water.total');
    await fill(db, id, irrigationFrom, DAYS * 144, '1000 + i * 0.25');
  }
  console.log(
    `loaded a year of ${valves.length} valves and ${areaIds.length} meters in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`,
  );
  return { valves, irrigationFrom, irrigationTo };
}

async function main() {
  // The seeding's modules are loaded here, not at the top: the child making an export loads only
  // what the export worker's own code needs.
  const [
    { DEMO_PASSWORD },
    { hashPassword },
    { createExport },
    { seedDemoFarm },
    { temporaryPostgres },
  ] = await Promise.all([
    import('@paddock/domain/demo'),
    import('../src/auth/passwords.ts'),
    import('../src/exports/export.repository.ts'),
    import('../../devstack/src/demo-farm/demo-farm.ts'),
    import('./temporary-postgres.ts'),
  ]);
  const database = await temporaryPostgres();
  if (!database) throw new Error('No PostgreSQL server answers (set DATABASE_URL)');
  const handle = await openDatabase({
    kind: 'postgres',
    url: database.url,
    statementTimeoutMs: 600_000,
  });
  const { db } = handle;
  const rows: string[][] = [];
  try {
    const now = new Date();
    await seedDemoFarm(db, { now, passwordHash: await hashPassword(DEMO_PASSWORD) });
    const [user] = await queryRows<{ id: number }>(
      db,
      sql`select id from users order by id limit 1`,
    );
    const [site] = await queryRows<{ id: number; label: string; zones: number }>(
      db,
      sql`select s.id, s.label, count(se.id)::int as zones from sites s
          join areas a on a.site_id = s.id join sections se on se.area_id = a.id
          group by s.id order by zones desc, s.id limit 1`,
    );
    if (!user || !site) throw new Error('the demo farm has no site with zones');

    const { chosen, genericFrom, genericTo } = await loadGenericSeries(db, site.id, now);
    const { valves, irrigationFrom, irrigationTo } = await loadIrrigationYear(db, site.id, now);

    const run = async (label: string, ask: Omit<ExportAsk, 'siteId' | 'areaId' | 'kind'>) => {
      const full: ExportAsk = { ...ask, siteId: site.id, areaId: null, kind: null };
      const row = await createExport(db, { ...full, userId: user.id, now: new Date() });
      const out = execFileSync(
        process.execPath,
        [
          '--import',
          'tsx',
          process.argv[1] ?? '',
          '--url',
          database.url,
          '--child',
          JSON.stringify({ requestId: row.request.id, ask: full }),
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const result = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as {
        seconds: number;
        size: number;
        maxRss: number;
        baseRss: number;
        baseHeap: number;
        maxHeap: number;
        processMaxRss: number;
      };
      rows.push([
        label,
        result.seconds.toFixed(1),
        (result.size / MB).toFixed(1),
        result.baseRss.toFixed(0),
        result.maxRss.toFixed(0),
        result.baseHeap.toFixed(0),
        result.maxHeap.toFixed(0),
        result.processMaxRss.toFixed(0),
      ]);
      console.log(`${label}: ${JSON.stringify(result)}`);
      await db.execute(sql`delete from report_export_chunks where request_id = ${row.request.id}`);
    };
    await run(`generic csv, ${SERIES} series × ${YEARS} years of 10 min (streamed)`, {
      report: 'generic',
      format: 'csv',
      things: [],
      series: chosen,
      resolution: 'raw',
      from: genericFrom,
      to: genericTo,
    });
    const irrigation = {
      report: 'irrigationReport' as const,
      things: [],
      series: null,
      resolution: null,
      from: irrigationFrom,
      to: irrigationTo,
    };
    await run(`irrigation ${DAYS} days, ${site.label} (${valves.length} valves) pdf`, {
      ...irrigation,
      format: 'pdf',
    });
    await run(`irrigation ${DAYS} days, ${site.label} xlsx`, { ...irrigation, format: 'xlsx' });
    printTable(
      [
        'export',
        'seconds',
        'file MB',
        'RSS at start MB',
        'peak RSS MB',
        'heap used at start MB',
        'peak heap used MB',
        'process maxRSS MB',
      ],
      rows,
    );
  } finally {
    await handle.close();
    await database.drop();
  }
}

/** One export in this process: prints its time, size and this process's peak memory. */
async function child(url: string, spec: string) {
  const { requestId, ask } = JSON.parse(spec) as { requestId: number; ask: ExportAsk };
  ask.from = new Date(ask.from);
  ask.to = new Date(ask.to);
  const [{ chunkWriter }, { makeReport }] = await Promise.all([
    import('../src/exports/chunk-writer.ts'),
    import('../src/exports/make-report.ts'),
  ]);
  const handle = await openDatabase({ kind: 'postgres', url, statementTimeoutMs: 600_000 });
  try {
    // Loading the server's modules through tsx peaks high (maxRSS) before anything runs, so the
    // export's own figure is the resident memory sampled while it runs; the V8 heap in use is
    // sampled with it (the rest of the RSS is code, the tsx loader's thread and native memory).
    const sample = () => {
      const usage = process.memoryUsage();
      return { rss: usage.rss / MB, heap: usage.heapUsed / MB };
    };
    const start = sample();
    const peak = { ...start };
    const sampler = setInterval(() => {
      const now = sample();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.heap = Math.max(peak.heap, now.heap);
    }, 25);
    const sink = chunkWriter(handle.db, requestId);
    const started = performance.now();
    await makeReport(handle.db, ask, new Date(), async () => {}, sink);
    const size = await sink.close();
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const end = sample();
    console.log(
      JSON.stringify({
        seconds,
        size,
        baseRss: start.rss,
        maxRss: Math.max(peak.rss, end.rss),
        baseHeap: start.heap,
        maxHeap: Math.max(peak.heap, end.heap),
        processMaxRss: maxRssMb(),
      }),
    );
  } finally {
    await handle.close();
  }
}

if (args.child && args.url) await child(args.url, args.child);
else await main();
