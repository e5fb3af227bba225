/**
 * Frost report generation for a season (issue 15): 40 fans of 10-minute data over a frost season
 * (1 September to 31 December, 122 nights, frosts on about one night in four) — the readings as
 * the export job holds them once read — worked into the compliance report and written as pdf,
 * xlsx and csv. Prints each step's time and the process's peak memory (maxRSS) after it.
 * Targets: pdf < 5 s, xlsx < 3 s.
 *
 *   npm run bench:frost-report [-- --fans 40 --days 122]
 *
 * Reading the readings from the database is not in the figures: it is the series read the chart
 * benches (series.bench.ts) time.
 */
import { parseArgs } from 'node:util';
import { FROST_RULE_PRESETS, type FanReadings, type TimedValue } from '@paddock/domain';
import { frostReportDocument, renderReport } from '../src/exports/report-document.ts';
import type { FrostArea } from '../src/frost/frost-data.ts';
import { fanReportPart } from '../src/frost/frost-report.ts';
import { positive, printTable } from './report.ts';

const { values } = parseArgs({
  options: { fans: { type: 'string', default: '40' }, days: { type: 'string', default: '122' } },
});
const FANS = positive('fans', values.fans);
const DAYS = positive('days', values.days);
const STEP = 10 * 60_000;
const FROM = Date.parse('2026-08-31T12:00:00Z');
const TO = FROM + DAYS * 86_400_000;

/** A seeded random, so every run benches the same season. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function season(fan: number): FanReadings {
  const rand = random(fan + 1);
  const frostNights = new Set<number>();
  for (let day = 0; day < DAYS; day++) if (random(day + 7)() < 0.25) frostNights.add(day);
  const rpm: TimedValue[] = [];
  const canopy: TimedValue[] = [];
  const tower: TimedValue[] = [];
  const wind: TimedValue[] = [];
  const fuel: TimedValue[] = [];
  const engineHours: TimedValue[] = [];
  let level = 90;
  let hours = 400 + fan * 10;
  for (let t = FROM; t < TO; t += STEP) {
    const day = Math.floor((t - FROM) / 86_400_000);
    const hourOfNight = ((t - FROM) % 86_400_000) / 3_600_000; // 0 = local noon-ish
    const frost = frostNights.has(day);
    // Cools through the night to its coldest about 18 h after noon, then warms.
    const depth = frost ? 6 + rand() * 0.3 : 2;
    const temperature =
      8 - depth * Math.sin((Math.PI * Math.min(hourOfNight, 20)) / 20) + rand() * 0.2;
    // One run a frost night, from when the canopy reaches about 2 °C until after sunrise.
    const running = frost && hourOfNight > 12 && hourOfNight < 19;
    rpm.push({ t, v: running ? 2300 + Math.round(rand() * 80) : 0 });
    canopy.push({ t, v: Math.round((running ? temperature + 1 : temperature) * 10) / 10 });
    tower.push({ t, v: Math.round((temperature + 3) * 10) / 10 });
    wind.push({ t, v: Math.round(rand() * 60) / 10 });
    if (running) {
      level -= 4 / 6;
      hours += 1 / 6;
    }
    if (level < 30) level = 100;
    fuel.push({ t, v: Math.round(level * 10) / 10 });
    engineHours.push({ t, v: Math.round(hours * 10) / 10 });
  }
  return {
    fan,
    label: `Fan ${fan} Ōtūmoetai`,
    rpm,
    canopy,
    tower,
    wind,
    fuel,
    engineHours,
    trigger: [],
  };
}

const mb = () => `${Math.round(process.resourceUsage().maxRSS / 1024)} MB`;
const lines: string[][] = [];
async function step<T>(name: string, work: () => Promise<T> | T, detail: (result: T) => string) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await work();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  // CPU time beside wall time: on a shared machine the wall time counts others' work too.
  lines.push([
    name,
    `${(ms / 1000).toFixed(2)} s`,
    `${((used.user + used.system) / 1e6).toFixed(2)} s`,
    detail(result),
    mb(),
  ]);
  return result;
}

const area: FrostArea = {
  areaId: 1,
  areaLabel: 'Frost fans',
  siteId: 1,
  siteLabel: 'Te Puke Orchard',
  timeZone: 'Pacific/Auckland',
  rules: FROST_RULE_PRESETS.westernBayOfPlenty,
  rulesAreDefault: true,
  fans: [],
  canopies: [],
};
console.log(
  `Frost report bench: ${FANS} fans, ${DAYS} days of 10-minute data (node ${process.version})`,
);
const ask = { kind: 'frostCompliance' as const, from: new Date(FROM), to: new Date(TO) };
// As the export job does: one fan's season at a time, worked into its runs and fueling, let go.
let readingCount = 0;
const parts = await step(
  'readings -> runs, flags, fueling',
  () =>
    Array.from({ length: FANS }, (_, i) => {
      const fan = season(i + 1);
      readingCount += fan.rpm.length * 6;
      return fanReportPart(area, fan, ask, new Date(TO));
    }),
  () => `${readingCount.toLocaleString('en')} readings`,
);
const document = await step(
  'compliance document',
  () => frostReportDocument(area, parts, ask),
  (doc) => `${doc.tables[0]?.rows.length ?? 0} runs`,
);
for (const format of ['pdf', 'xlsx', 'csv'] as const) {
  await step(
    format,
    () => renderReport(document, format),
    (bytes) => `${Math.round(bytes.length / 1024)} KB`,
  );
}
await step(
  'fueling (all formats)',
  async () => {
    const fueling = frostReportDocument(area, parts, { ...ask, kind: 'fuelingReport' });
    let size = 0;
    for (const format of ['pdf', 'xlsx', 'csv'] as const)
      size += (await renderReport(fueling, format)).length;
    return size;
  },
  (size) => `${Math.round(size / 1024)} KB`,
);
printTable(['step', 'wall time', 'CPU time', 'result', 'peak memory (maxRSS) after'], lines);
