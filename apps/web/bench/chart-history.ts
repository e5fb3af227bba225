/**
 * Part of `npm run bench:web` (chart.bench.ts): writes 3 years of 10-minute readings (157,680)
 * of the metric `bench.moisture` for the first sensor of the first demo site into the database
 * the environment names (PADDOCK_DATA_DIR), before the devstack starts. Written as ingest writes
 * them (insertReadings, in batches), so the 30-minute rollups the series endpoint reads exist.
 * Prints `{"siteId":…,"sensorId":…,"metric":…,"from":…,"to":…}` on its last line.
 */
import { asc, eq } from 'drizzle-orm';
import { loadConfig, runCommand } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/client.ts';
import { sensors, series, sites } from '../../server/src/db/schema.ts';
import { insertReadings, type ReadingRow } from '../../server/src/telemetry/reading.repository.ts';

const TEN_MINUTES_MS = 10 * 60_000;
export const CHART_BENCH_READINGS = 3 * 365 * 144;
export const CHART_BENCH_METRIC = 'bench.moisture';
const BATCH = 2000;

/** A soil-moisture-like signal: a seasonal swing, a daily one and a little deterministic noise. */
function readingValue(index: number): number {
  const day = index / 144;
  const noise = ((index * 2_654_435_761) % 1000) / 1000 - 0.5;
  return 30 + 8 * Math.sin((2 * Math.PI * day) / 365) + 3 * Math.sin(2 * Math.PI * day) + noise;
}

async function main(): Promise<number> {
  const config = loadConfig();
  const handle = await openDatabase(config.database);
  try {
    const { db } = handle;
    const [sensor] = await db
      .select({ id: sensors.id, siteId: sensors.siteId })
      .from(sensors)
      .innerJoin(sites, eq(sites.id, sensors.siteId))
      .orderBy(asc(sensors.siteId), asc(sensors.id))
      .limit(1);
    if (!sensor) throw new Error('the demo farm has no sensor');
    const [row] = await db
      .insert(series)
      .values({
        siteId: sensor.siteId,
        thingType: 'sensor',
        thingId: sensor.id,
        metric: CHART_BENCH_METRIC,
      })
      .returning({ id: series.id });
    if (!row) throw new Error('series not inserted');
    const end = Math.floor(Date.now() / TEN_MINUTES_MS) * TEN_MINUTES_MS;
    const start = end - CHART_BENCH_READINGS * TEN_MINUTES_MS;
    for (let first = 0; first < CHART_BENCH_READINGS; first += BATCH) {
      const rows: ReadingRow[] = [];
      for (let i = first; i < Math.min(first + BATCH, CHART_BENCH_READINGS); i++) {
        rows.push({ seriesId: row.id, time: start + i * TEN_MINUTES_MS, value: readingValue(i) });
      }
      await insertReadings(db, rows);
    }
    console.log(
      JSON.stringify({
        siteId: sensor.siteId,
        sensorId: sensor.id,
        metric: CHART_BENCH_METRIC,
        from: new Date(start).toISOString(),
        to: new Date(end + TEN_MINUTES_MS).toISOString(),
      }),
    );
    return 0;
  } finally {
    await handle.close();
  }
}

runCommand(main);
