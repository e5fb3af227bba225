/**
 * bench:web's table: the median of each measure per profile beside its target, and whether the
 * worst profile met it.
 */
import { chartRows, type ChartRun } from '../chart.bench.ts';
import type { AddonsArea, WeatherArea } from './addons-weather.ts';
import type { IrrigationRun } from './irrigation.ts';
import type { LoginRun } from './login-summary.ts';
import {
  TARGET_CHANGE_MS,
  TARGET_JS_GZIP_KB,
  TARGET_LCP_MS,
  TELEMETRY_RADIOS,
  type Profile,
} from './settings.ts';
import type { TelemetryRun } from './telemetry.ts';

/** Every run's figures of one profile. */
export type Results = {
  login: LoginRun[];
  cold: number[];
  warm: number[];
  irrigation: IrrigationRun[];
  telemetry: TelemetryRun[];
  chart: ChartRun[];
  addons: { cold: number; warm: number }[];
  weather: { cold: number; warm: number }[];
};

/** Which measures ran, and the areas the add-ons and weather rows name. */
export type Measured = {
  login: boolean;
  summary: boolean;
  bigArea: boolean;
  chart: boolean;
  telemetry: boolean;
  addonsArea: AddonsArea | null;
  stationArea: WeatherArea | null;
};

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

const worst = (values: number[]) => Math.max(...values);
const met = (ok: boolean) => (ok ? 'yes' : 'NO');

/** A time against its upper bound: the median per profile, the target, met by the worst. */
export function timed(label: string, values: number[], target: number): string[] {
  return [label, ...values.map(ms), `< ${target} ms`, met(worst(values) < target)];
}

export function printTable(rows: string[][]): void {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(rows[0] ?? []));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows.slice(1)) console.log(line(row));
}

/** The table's rows: a header, then each measure that ran. */
export function resultRows(
  profiles: readonly Profile[],
  results: ReadonlyMap<Profile, Results>,
  measured: Measured,
): string[][] {
  const { addonsArea, stationArea } = measured;
  const pick = (select: (result: Results) => number[]) =>
    profiles.map((profile) => {
      const result = results.get(profile);
      return result ? median(select(result)) : Number.NaN;
    });
  const rows: string[][] = [['measure', ...profiles, 'target', 'met']];

  if (measured.login) {
    const graphGzip = pick((r) => r.login.map((run) => run.graphGzip));
    const graphEncoded = pick((r) => r.login.map((run) => run.graphEncoded));
    const allGzip = pick((r) => r.login.map((run) => run.allGzip));
    const allEncoded = pick((r) => r.login.map((run) => run.allEncoded));
    const files = pick((r) => r.login.map((run) => run.files));
    const loginLcp = pick((r) => r.login.map((run) => run.lcp));
    rows.push([
      'initial JS, index.html module graph (gzip)',
      ...graphGzip.map(kb),
      `≤ ${TARGET_JS_GZIP_KB} KB`,
      met(worst(graphGzip) <= TARGET_JS_GZIP_KB * 1024),
    ]);
    rows.push(['  same, as transferred (uncompressed)', ...graphEncoded.map(kb), '', '']);
    rows.push([
      `login page JS until the form shows (gzip; ${files[0] ?? 0} files)`,
      ...allGzip.map(kb),
      '',
      '',
    ]);
    rows.push(['  same, as transferred (uncompressed)', ...allEncoded.map(kb), '', '']);
    rows.push(timed('LCP /login', loginLcp, TARGET_LCP_MS));
  }
  if (measured.summary) {
    const coldLcp = pick((r) => r.cold);
    const warmLcp = pick((r) => r.warm);
    rows.push(timed('LCP /{siteId}/summary, admin, cold', coldLcp, TARGET_LCP_MS));
    rows.push(timed('LCP /{siteId}/summary, admin, warm (cached)', warmLcp, TARGET_LCP_MS));
  }
  if (measured.bigArea) {
    const irrigation = (key: keyof IrrigationRun) =>
      pick((r) => r.irrigation.map((run) => run[key]));
    const coldLcp = irrigation('cold');
    const warmLcp = irrigation('warm');
    rows.push(
      timed(
        'LCP /{siteId}/irrigation/{areaId}, 60 zones, 200 valves, cold',
        coldLcp,
        TARGET_LCP_MS,
      ),
    );
    rows.push(timed('  same, warm (cached)', warmLcp, TARGET_LCP_MS));
    rows.push([
      '  interactive (every zone drawn, Start enabled), cold',
      ...irrigation('interactiveCold').map(ms),
      '',
      '',
    ]);
    rows.push(['  interactive, warm (cached)', ...irrigation('interactiveWarm').map(ms), '', '']);
    rows.push([
      '  Start clicked → first zone in the running colour',
      ...irrigation('startToRunning').map(ms),
      '',
      '',
    ]);
  }
  if (measured.chart) {
    rows.push(...chartRows(profiles.map((profile) => results.get(profile)?.chart ?? [])));
  }
  if (measured.telemetry) {
    const telemetry = (key: keyof TelemetryRun) => pick((r) => r.telemetry.map((run) => run[key]));
    const coldLcp = telemetry('cold');
    const warmLcp = telemetry('warm');
    const filter = telemetry('filter');
    const sort = telemetry('sort');
    rows.push(
      timed(
        `LCP /{siteId}/telemetry/{areaId}, ${TELEMETRY_RADIOS} radios, cold`,
        coldLcp,
        TARGET_LCP_MS,
      ),
    );
    rows.push(timed('  same, warm (cached)', warmLcp, TARGET_LCP_MS));
    rows.push(
      timed('  filter change painted (All ↔ Warning, the slower)', filter, TARGET_CHANGE_MS),
    );
    rows.push(timed('  sort change painted (a column header clicked)', sort, TARGET_CHANGE_MS));
  }
  if (addonsArea) {
    const coldLcp = pick((r) => r.addons.map((run) => run.cold));
    const warmLcp = pick((r) => r.addons.map((run) => run.warm));
    rows.push(
      timed(
        `LCP /{siteId}/addons/{areaId}, ${addonsArea.label} (${addonsArea.things} add-ons), cold`,
        coldLcp,
        TARGET_LCP_MS,
      ),
    );
    rows.push(timed('  same, warm (cached)', warmLcp, TARGET_LCP_MS));
  }
  if (stationArea) {
    const coldLcp = pick((r) => r.weather.map((run) => run.cold));
    const warmLcp = pick((r) => r.weather.map((run) => run.warm));
    rows.push(
      timed(
        `LCP /{siteId}/weather/{areaId}, ${stationArea.label} (${stationArea.sensors} sensors), cold`,
        coldLcp,
        TARGET_LCP_MS,
      ),
    );
    rows.push(timed('  same, warm (cached)', warmLcp, TARGET_LCP_MS));
  }
  return rows;
}
