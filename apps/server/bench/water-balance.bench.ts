/**
 * `npm run bench:water-balance`: a season's water intelligence computed in-process (issue 30's
 * done-when): 365 days of daily ET0 (FAO-56 eq. 6, `dailyEt0`) per weather station, then each
 * zone's root-zone balance, both through the bare bucket (`runBucket`) and through what GET
 * areas/{id}/water-balance runs per zone (`waterBalanceParameters` + `zoneWaterBalance`, with
 * its Kc curve by date). All of it is pure domain code, so no database and no server: the
 * figures are the computation alone. For the largest demo site and for 500 stations / zones.
 * Target: ET0 and balances of 500 zones × 365 days together in < 2 s.
 *
 * Inputs are synthesized from a seeded generator (the same every run, so runs compare): a
 * 40°S season of temperatures, humidity, wind, radiation, rain and irrigation. Building them
 * is not timed. Each figure is the median of --runs (default 5) after one warm-up run.
 *
 * Options: --runs N (default 5)
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  dailyEt0,
  runBucket,
  waterBalanceParameters,
  zoneWaterBalance,
  type BucketDay,
  type DailyEt0Input,
  type WaterBalanceDayInput,
} from '@paddock/domain';
import { seededRandom } from '@paddock/domain/testing';
import { positive, printTable } from './report.ts';

const DAYS = 365;
const MANY = 500;
const TARGET_MS = 2_000;
const LATITUDE = -40;
const ELEVATION_METRES = 50;
const DAY_MS = 86_400_000;
/** 1 September: the demo sites' season start (DDMM 0109), so the Kc curve walks every stage. */
const SEASON_START = '2025-09-01';

/**
 * The largest demo site (apps/devstack/src/demo-farm/demo-sites.ts): Dunsandel Dairy, 10 zones
 * (Pivot 1's 4 and the K-line's 6). No demo site has more than one weather station; a site's
 * balance reads one station's ET0, so one station it is. Counted, not imported: the server
 * does not depend on the devstack (the devstack depends on the server).
 */
const LARGEST_DEMO_SITE = { label: 'Dunsandel Dairy', zones: 10, stations: 1 };

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '5' } },
});

const dateOf = (index: number) =>
  new Date(Date.parse(`${SEASON_START}T00:00:00Z`) + index * DAY_MS).toISOString().slice(0, 10);

const DATES = Array.from({ length: DAYS }, (_, index) => dateOf(index));

/** Day of year of each season day (1 September is day 244 in a common year). */
const DAYS_OF_YEAR = DATES.map((date) => {
  const start = Date.UTC(Number(date.slice(0, 4)), 0, 1);
  return Math.round((Date.parse(`${date}T00:00:00Z`) - start) / DAY_MS) + 1;
});

/**
 * A station's season at 40°S: summer peaks in January (Tmax ≈ 25 °C, Tmin ≈ 12 °C), winter
 * ≈ 12 / 2 °C; RH, wind at 2 m and a measured Rs (half the stations have a pyranometer, so
 * both the measured and the eq. 50 paths are timed) with day-to-day noise.
 */
function stationSeason(station: number): DailyEt0Input[] {
  const random = seededRandom(1_000 + station);
  return DAYS_OF_YEAR.map((dayOfYear) => {
    // 1 at mid-January (day 15), −1 at mid-July: the southern seasons.
    const season = Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365);
    const tMax = 18.5 + 6.5 * season + 4 * (random() - 0.5);
    const tMin = Math.min(tMax - 3, 7 + 5 * season + 4 * (random() - 0.5));
    const rhMax = Math.min(100, 88 + 10 * (random() - 0.5));
    const rhMin = Math.max(20, 50 - 10 * season + 20 * (random() - 0.5));
    const measured = station % 2 === 0;
    return {
      dayOfYear,
      latitudeDegrees: LATITUDE,
      elevationMetres: ELEVATION_METRES,
      tMaxCelsius: tMax,
      tMinCelsius: tMin,
      rhMaxPercent: rhMax,
      rhMinPercent: rhMin,
      windSpeedMetresPerSecond: 1 + 4 * random(),
      // Anemometers sit at 2 m or 10 m; the 10 m ones take eq. 47.
      windHeightMetres: station % 3 === 0 ? 10 : 2,
      ...(measured ? { solarRadiationMjPerM2Day: 15 + 10 * season + 6 * (random() - 0.5) } : {}),
    };
  });
}

/** A season's rain at a station: about one day in four wet, a few millimetres to 30. */
function rainSeason(station: number): number[] {
  const random = seededRandom(2_000 + station);
  return DATES.map(() => (random() < 0.25 ? 30 * random() ** 2 : 0));
}

/** A zone's applied depths: a 10–20 mm run every week or so, none on some weeks. */
function irrigationSeason(zone: number): number[] {
  const random = seededRandom(3_000 + zone);
  return DATES.map((_, index) =>
    (index + zone) % 7 === 0 && random() < 0.8 ? 10 + 10 * random() : 0,
  );
}

interface Workload {
  stations: number;
  zones: number;
  et0Inputs: DailyEt0Input[][];
  rain: number[][];
  irrigation: number[][];
}

function workload(stations: number, zones: number): Workload {
  return {
    stations,
    zones,
    et0Inputs: Array.from({ length: stations }, (_, station) => stationSeason(station)),
    rain: Array.from({ length: stations }, (_, station) => rainSeason(station)),
    irrigation: Array.from({ length: zones }, (_, zone) => irrigationSeason(zone)),
  };
}

/** Each station's season of ET0 (mm/day); the sum comes back so no work can be optimized out. */
function computeEt0(load: Workload): { et0: number[][]; checksum: number } {
  let checksum = 0;
  const et0 = load.et0Inputs.map((season) =>
    season.map((input) => {
      const value = dailyEt0(input).et0MmPerDay;
      checksum += value;
      return value;
    }),
  );
  return { et0, checksum };
}

/** A zone reads its station: zones are shared round the stations as a site's areas share one. */
const stationOf = (load: Workload, zone: number) => zone % load.stations;

/** The bare FAO-56 bucket per zone, Kc taken as the mid-season value (no curve by date). */
function computeBuckets(load: Workload, et0: number[][]): number {
  let checksum = 0;
  const soil = waterBalanceParameters(undefined, 0, SEASON_START).soil;
  for (let zone = 0; zone < load.zones; zone++) {
    const station = stationOf(load, zone);
    const days: BucketDay[] = DATES.map((_, index) => ({
      et0: et0[station]?.[index] ?? 0,
      kc: 0.7,
      rain: [{ at: index * DAY_MS, depth: load.rain[station]?.[index] ?? 0 }],
      irrigation: [{ at: index * DAY_MS, depth: load.irrigation[zone]?.[index] ?? 0 }],
    }));
    checksum += runBucket(soil, 0, days).at(-1)?.depletion ?? 0;
  }
  return checksum;
}

/** Per zone what GET areas/{id}/water-balance runs: its parameters, then the Kc curve and bucket. */
function computeZoneBalances(load: Workload, et0: number[][]): number {
  let checksum = 0;
  for (let zone = 0; zone < load.zones; zone++) {
    const station = stationOf(load, zone);
    const parameters = waterBalanceParameters(undefined, zone + 1, SEASON_START);
    const days: WaterBalanceDayInput[] = DATES.map((date, index) => ({
      date,
      et0: et0[station]?.[index] ?? null,
      rain: load.rain[station]?.[index] ?? 0,
      irrigation: load.irrigation[zone]?.[index] ?? 0,
    }));
    checksum += zoneWaterBalance(parameters, days).steps.at(-1)?.depletion ?? 0;
  }
  return checksum;
}

/** One warm-up (the JIT compiles on it), then the median of `runs` timed runs, in ms. */
function median(runs: number, work: () => number): { ms: number; checksum: number } {
  let checksum = work();
  const timings: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    checksum = work();
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return { ms: timings[Math.floor(timings.length / 2)] ?? Number.NaN, checksum };
}

const formatMs = (ms: number) => `${ms.toFixed(1)} ms`;

function bench(label: string, load: Workload, runs: number): string[][] {
  const { et0 } = computeEt0(load);
  const et0Time = median(runs, () => computeEt0(load).checksum);
  const bucketTime = median(runs, () => computeBuckets(load, et0));
  const zoneTime = median(runs, () => computeZoneBalances(load, et0));
  // The done-when's figure: a season's ET0 for the stations and every zone's balance as the
  // server runs it.
  const total = et0Time.ms + zoneTime.ms;
  const row = (computed: string, size: string, ms: number, checksum: number): string[] => [
    label,
    computed,
    size,
    formatMs(ms),
    checksum.toFixed(1),
    `< ${TARGET_MS / 1000} s`,
    ms < TARGET_MS ? 'yes' : 'NO',
  ];
  return [
    row(
      'ET0 (dailyEt0)',
      `${load.stations} station${load.stations === 1 ? '' : 's'} × ${DAYS} days`,
      et0Time.ms,
      et0Time.checksum,
    ),
    row(
      'balance (runBucket)',
      `${load.zones} zones × ${DAYS} days`,
      bucketTime.ms,
      bucketTime.checksum,
    ),
    row(
      'balance (zoneWaterBalance)',
      `${load.zones} zones × ${DAYS} days`,
      zoneTime.ms,
      zoneTime.checksum,
    ),
    row(
      'ET0 + zoneWaterBalance',
      `${load.stations} station${load.stations === 1 ? '' : 's'}, ${load.zones} zones`,
      total,
      et0Time.checksum + zoneTime.checksum,
    ),
  ];
}

const runs = positive('runs', args.runs);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
console.log(
  `Water balance benchmark: a season (${DAYS} days from ${SEASON_START}) at ${LATITUDE}°, in-process, median of ${runs} runs after a warm-up (target < ${TARGET_MS / 1000} s for ${MANY} zones).`,
);
// Figures from a busy machine mean little: say how busy it was.
console.log(`Load average before: ${load()} (${availableParallelism()} cores).`);
printTable(
  ['site', 'computed', 'size', 'median', 'checksum', 'target', 'met'],
  [
    ...bench(
      LARGEST_DEMO_SITE.label,
      workload(LARGEST_DEMO_SITE.stations, LARGEST_DEMO_SITE.zones),
      runs,
    ),
    ...bench(`${MANY} zones`, workload(MANY, MANY), runs),
  ],
);
console.log(`Load average after: ${load()}.`);
