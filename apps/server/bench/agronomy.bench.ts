/**
 * `npm run bench:agronomy`: the agronomy of one weather station recomputed from 3 years of
 * 10-minute readings (issue 14): temperature, humidity and pressure (157,680 readings each; the
 * station reports no dew point or air density, so both are computed reading by reading too).
 * Per engine, a fresh database (in-memory PGlite; a temporary database on the PostgreSQL server
 * of DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test when that answers), the readings
 * stored as the history store stores a back-fill (not timed), then the full recomputation timed:
 * growing degree days, Utah chill units and chill hours from the rollups, dew point and air
 * density from the readings, all written as series with their rollups. Target: < 10 s.
 *
 * Options: --engines pglite,postgres  --runs N (default 1)
 */
import { parseArgs } from 'node:util';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { areas, sensors, sites } from '../src/db/schema.ts';
import { findStations, recomputeStation } from '../src/agronomy/agronomy.ts';
import { createHistoryStore } from '../src/ingest/history-store.ts';
import { parseEngines, positive, printTable, type Engine } from './report.ts';
import { temporaryPostgres } from './temporary-postgres.ts';

const TEN_MINUTES_MS = 10 * 60_000;
const YEARS = 3;
const READINGS = YEARS * 365 * 144;
const TARGET_MS = 10_000;

const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: 'pglite,postgres' },
    runs: { type: 'string', default: '1' },
  },
});

/** Hawke's Bay-like weather: seasons, days, and a little deterministic noise. */
function weather(index: number) {
  const day = index / 144;
  const noise = ((index * 2_654_435_761) % 1000) / 1000 - 0.5;
  const seasonal = Math.cos((2 * Math.PI * (day - 20)) / 365);
  const temperature = 14 + 6 * seasonal + 6 * Math.cos(2 * Math.PI * (day % 1) - Math.PI) + noise;
  const humidity = Math.min(100, Math.max(20, 75 - 2 * (temperature - 14) + 5 * noise));
  const pressure = 1013 + 8 * Math.sin((2 * Math.PI * day) / 5) + noise;
  return { temperature, humidity, pressure };
}

async function open(
  engine: Engine,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> } | null> {
  if (engine === 'pglite') {
    return { handle: await openDatabase({ kind: 'pglite', dataDir: null }), drop: async () => {} };
  }
  const database = await temporaryPostgres();
  if (!database) return null;
  const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
  return { handle, drop: database.drop };
}

async function bench(engine: Engine, runs: number): Promise<string[][] | null> {
  const opened = await open(engine);
  if (!opened) {
    console.log(`${engine}: no server answers; skipped.`);
    return null;
  }
  const { handle, drop } = opened;
  try {
    const db = handle.db;
    const [site] = await db
      .insert(sites)
      .values({
        label: 'Bench Station',
        location: '[-39.64,176.84]',
        tags: { country: 'nz', region: "Hawke's Bay" },
        settings: {},
        config: { timezone: 'Pacific/Auckland', season: { start: '0109', end: '3105' } },
      })
      .returning();
    if (!site) throw new Error('site not inserted');
    const [area] = await db
      .insert(areas)
      .values({
        siteId: site.id,
        label: 'Orchard',
        type: 'irrigation',
        capabilities: ['weather'],
        settings: {},
      })
      .returning();
    if (!area) throw new Error('area not inserted');
    const station = async (type: string, label: string, metric: string) => {
      const [row] = await db
        .insert(sensors)
        .values({
          siteId: site.id,
          areaId: area.id,
          type,
          location: '[-39.64,176.84]',
          tags: { identifier: 'weather' },
          topics: [{ metric, type: 'analog', lastValue: null, timestamp: null }],
          label,
          serialno: `B-${label}`,
        })
        .returning();
      if (!row) throw new Error('sensor not inserted');
      return row.id;
    };
    const ids = {
      temperature: await station('temperature', 'air', 'temperature'),
      humidity: await station('humidity', 'humidity', 'humidity.relative.current'),
      pressure: await station('air', 'barometer', 'air.pressure.relative.current'),
    };
    const start = Date.UTC(2023, 7, 31, 12);
    const times: number[] = [];
    const values = {
      temperature: [] as number[],
      humidity: [] as number[],
      pressure: [] as number[],
    };
    for (let index = 0; index < READINGS; index++) {
      times.push(start + index * TEN_MINUTES_MS);
      const reading = weather(index);
      values.temperature.push(Math.round(reading.temperature * 10) / 10);
      values.humidity.push(Math.round(reading.humidity));
      values.pressure.push(Math.round(reading.pressure * 10) / 10);
    }
    const loadStarted = performance.now();
    const store = createHistoryStore(db);
    // A year at a time, as the back-fill stores its chunks.
    const perYear = 365 * 144;
    for (let from = 0; from < READINGS; from += perYear) {
      const slice = (list: number[]) => list.slice(from, from + perYear);
      await store.store(site.id, [
        {
          thing: 'sensor',
          id: ids.temperature,
          metric: 'temperature',
          times: slice(times),
          values: slice(values.temperature),
        },
        {
          thing: 'sensor',
          id: ids.humidity,
          metric: 'humidity.relative.current',
          times: slice(times),
          values: slice(values.humidity),
        },
        {
          thing: 'sensor',
          id: ids.pressure,
          metric: 'air.pressure.relative.current',
          times: slice(times),
          values: slice(values.pressure),
        },
      ]);
    }
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const now = new Date(start + READINGS * TEN_MINUTES_MS);
    const lines: string[][] = [];
    // As the demo farm's stations (which report dew point and air density), then as a station
    // that does not, whose every reading gets both computed.
    for (const reports of [true, false]) {
      const timings: number[] = [];
      let points = 0;
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        const [found] = await findStations(db, now);
        if (!found) throw new Error('no station found');
        const station = { ...found, reportsDewPoint: reports, reportsAirDensity: reports };
        const result = await recomputeStation(db, station, now, true);
        timings.push(performance.now() - started);
        points = result?.points ?? 0;
      }
      timings.sort((a, b) => a - b);
      const median = timings[Math.floor(timings.length / 2)] ?? Number.NaN;
      lines.push([
        engine,
        reports ? 'GDD, chill units, chill hours' : '+ dew point, air density per reading',
        `${(3 * READINGS).toLocaleString('en')} (${loadSeconds.toFixed(1)} s)`,
        points.toLocaleString('en'),
        `${(median / 1000).toFixed(2)} s`,
        `< ${TARGET_MS / 1000} s`,
        median < TARGET_MS ? 'yes' : 'NO',
      ]);
    }
    return lines;
  } finally {
    await handle.close();
    await drop();
  }
}

const lines: string[][] = [];
for (const engine of parseEngines(args.engines)) {
  const line = await bench(engine, positive('runs', args.runs));
  if (line) lines.push(...line);
}
printTable(
  [
    'engine',
    'computed',
    'readings stored (load)',
    'computed points',
    'full recomputation',
    'target',
    'met',
  ],
  lines,
);
