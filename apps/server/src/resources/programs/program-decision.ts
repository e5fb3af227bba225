/**
 * A program start's decision by its skip rules (issue 30 items 5 and 6): the inputs read from the
 * site's own sensors (rain in the last 24 h at its weather station's gauge, wind and air
 * temperature there, soil moisture from a probe in the program's area), each with its sensor,
 * name and time, or null when there is none; the domain's decideSkip; and the decision kept once
 * per start request, with its sentence. The runner calls keepStartDecision when a start begins;
 * GET programs/{id}/decision calls decideStartNow, which keeps nothing.
 */
import {
  decideSkip,
  describeSkipDecision,
  programSkipRulesSchema,
  RAIN_GAUGE_METRICS,
  RAIN_READING_LEAD_MS,
  rainInWindowMm,
  siteTimeZone,
  startDecisionDetailSchema,
  startDecisionKind,
  type ProgramDecisionKind,
  type SkipDecision,
  type SkipInputs,
  type SkipReading,
} from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import {
  latestReadingAt,
  readingsBetween,
  skipRuleSeries,
  type SkipSeriesRow,
} from '../../telemetry/skip-inputs.repository.ts';
import {
  decisionOfRequest,
  keepDecision,
  programDecisionContext,
} from './program-decision.repository.ts';

/** The metrics each input is read from (the sensor catalogue's, as the demo farm and field send). */
const WIND_METRIC = 'wind.speed';
const TEMPERATURE_METRIC = 'temperature';
const SOIL_MOISTURE_METRIC = 'soil.moisture';

const DAY_MS = 24 * 3_600_000;

async function latest(db: Database, row: SkipSeriesRow | undefined, now: Date) {
  if (!row) return null;
  const reading = await latestReadingAt(db, row.seriesId, now);
  if (!reading) return null;
  return { value: reading.value, sensorId: row.sensorId, label: row.label, at: reading.time };
}

/** Rain in the 24 h before `now` at the gauge; its time is the gauge's latest reading in them. */
async function rain24h(
  db: Database,
  row: SkipSeriesRow | undefined,
  now: Date,
): Promise<SkipReading | null> {
  if (!row) return null;
  const from = now.getTime() - DAY_MS;
  const readings = await readingsBetween(
    db,
    row.seriesId,
    new Date(from - RAIN_READING_LEAD_MS),
    now,
  );
  const last = readings.at(-1);
  if (!last || last.time < from) return null;
  const value = rainInWindowMm(readings, from, now.getTime());
  return { value, sensorId: row.sensorId, label: row.label, at: last.time };
}

/** What the rules read at `now`, from the site's sensors. */
async function readSkipInputs(
  db: Database,
  where: { siteId: number; areaId: number },
  now: Date,
): Promise<SkipInputs> {
  const series = await skipRuleSeries(db, where.siteId, [
    ...RAIN_GAUGE_METRICS,
    WIND_METRIC,
    TEMPERATURE_METRIC,
    SOIL_MOISTURE_METRIC,
  ]);
  // The weather station's parts are the sensors tagged weather; a soil probe must be in the area.
  const station = (metrics: readonly string[]) =>
    series.find((row) => row.weather && metrics.includes(row.metric));
  const probe = series.find(
    (row) => row.metric === SOIL_MOISTURE_METRIC && row.areaId === where.areaId,
  );
  return {
    rain24h: await rain24h(db, station(RAIN_GAUGE_METRICS), now),
    wind: await latest(db, station([WIND_METRIC]), now),
    temperature: await latest(db, station([TEMPERATURE_METRIC]), now),
    soilMoisture: await latest(db, probe, now),
  };
}

/** A start's decision, in words, with where it was made. */
type StartDecision = {
  programId: number;
  areaId: number;
  siteId: number;
  /** False when the program has no skip rules (it starts as set). */
  hasRules: boolean;
  decision: SkipDecision;
  kind: ProgramDecisionKind;
  sentence: string;
};

/** What a start of the program at `now` would decide, and why; null when there is no program. */
export async function decideStartNow(
  db: Database,
  programId: number,
  now: Date,
): Promise<StartDecision | null> {
  const context = await programDecisionContext(db, programId);
  if (!context) return null;
  const stored = context.schedule.skipRules;
  // Stored rules were parsed on the way in; parsed again, an absent rule set is "every rule off".
  const rules = programSkipRulesSchema.parse(stored ?? {});
  // In deficit mode the depths follow the soil's own season: a seasonal % would count it twice.
  if (context.schedule.deficitMode) delete rules.seasonal;
  const inputs = await readSkipInputs(db, context, now);
  const timeZone = siteTimeZone(context.siteConfig, context.siteTags.country);
  const decision = decideSkip(rules, inputs, now.getTime(), timeZone);
  return {
    programId,
    areaId: context.areaId,
    siteId: context.siteId,
    hasRules: stored !== undefined,
    decision,
    kind: startDecisionKind(decision),
    sentence: describeSkipDecision(decision, timeZone),
  };
}

/** The kinds a start's skip rules keep. */
const START_DECISION_KINDS = ['start', 'skip', 'scale'] as const;

/** What the runner does with a start: run as set, skip it, or scale its watering. */
type StartOutcome = {
  action: SkipDecision['action'];
  factor: number;
  sentence: string;
};

/**
 * Decides a start request as it begins and keeps the decision, once: a job taken again answers
 * the decision kept the first time. Null when the program has no skip rules (it starts exactly as
 * it did before they existed; nothing is kept) or is gone.
 */
export async function keepStartDecision(
  db: Database,
  programId: number,
  requestId: number,
  now: Date,
): Promise<StartOutcome | null> {
  const earlier = await decisionOfRequest(db, requestId, START_DECISION_KINDS);
  const kept = earlier ? startDecisionDetailSchema.safeParse(earlier.decision) : null;
  if (earlier && kept?.success) {
    return { action: kept.data.action, factor: kept.data.factor, sentence: earlier.sentence };
  }
  const decided = await decideStartNow(db, programId, now);
  if (!decided?.hasRules) return null;
  const row = await keepDecision(
    db,
    {
      programId,
      areaId: decided.areaId,
      siteId: decided.siteId,
      at: now,
      kind: decided.kind,
      requestId,
      decision: decided.decision,
      sentence: decided.sentence,
    },
    decided.kind === 'start' ? null : 'info',
  );
  const { action, factor } = startDecisionDetailSchema.parse(row.decision);
  return { action, factor, sentence: row.sentence };
}
