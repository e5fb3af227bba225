/**
 * A program's skip and adjust rules (issue 30, item 5), checked at a scheduled start (or for a
 * manual start on request): rain in the last 24 h, wind, low temperature, wet soil, and a
 * seasonal % by month. The decision keeps every rule's check and the readings it used, so the
 * product can say why ("Skipped 06:00 — 12.4 mm of rain in the last 24 h at Te Awa station
 * ≥ 10 mm"). Times are epoch ms; the month and clock time are read in the site's time zone.
 */
import { zonedDateTime } from '../constants/timezone.ts';
import type { ProgramSkipRules } from './schemas.ts';

/** The rules in the order they are checked; the first that skips decides. */
export type SkipRuleKind = 'rain' | 'wind' | 'temperature' | 'soil-moisture' | 'seasonal';
export const SKIP_RULE_ORDER: readonly SkipRuleKind[] = [
  'rain',
  'wind',
  'temperature',
  'soil-moisture',
  'seasonal',
];

/** A value read for a rule, with where and when it came from. */
export interface SkipReading {
  readonly value: number;
  readonly sensorId: number | null;
  /** The sensor's or station's name as the user knows it ("Te Awa station"). */
  readonly label: string;
  /** When the value was read (for the 24 h rain, the end of its window). */
  readonly at: number;
}

/** What the decision read; null where there is no reading. */
export interface SkipInputs {
  /** Rain in the 24 h before the start (mm). */
  readonly rain24h: SkipReading | null;
  /** Wind speed (km/h). */
  readonly wind: SkipReading | null;
  /** Air temperature (°C). */
  readonly temperature: SkipReading | null;
  /** Soil moisture (volumetric %). */
  readonly soilMoisture: SkipReading | null;
}

export type SensorRuleKind = Exclude<SkipRuleKind, 'seasonal'>;

/**
 * One sensor rule's check: `off` (the program has no such rule), `no-reading`, `stale-reading`
 * (older than the rules' maxReadingAgeMinutes), `passed` or `skip`. A rule without a usable
 * reading never skips: a dead sensor must not stop the water, and the decision says it had none.
 */
export type SensorRuleCheck =
  | { readonly rule: SensorRuleKind; readonly outcome: 'off' }
  | {
      readonly rule: SensorRuleKind;
      readonly outcome: 'no-reading';
      readonly threshold: number;
    }
  | {
      readonly rule: SensorRuleKind;
      readonly outcome: 'stale-reading' | 'passed' | 'skip';
      readonly threshold: number;
      readonly reading: SkipReading;
    };

/** The seasonal adjustment's check: `off`, `passed` (100 %), `scale`, or `skip` (0 %). */
export type SeasonalCheck =
  | { readonly rule: 'seasonal'; readonly outcome: 'off' }
  | {
      readonly rule: 'seasonal';
      readonly outcome: 'passed' | 'scale' | 'skip';
      /** Month of the start in the site's zone, 1–12. */
      readonly month: number;
      readonly percent: number;
    };

export type SkipCheck = SensorRuleCheck | SeasonalCheck;

interface SkipDecisionBase {
  /** The start the decision is for. */
  readonly at: number;
  /** Every rule, in SKIP_RULE_ORDER. */
  readonly checks: readonly SkipCheck[];
  readonly inputs: SkipInputs;
}

/** The outcome: run as set, skip, or scale by a factor (1 = as set). */
export type SkipDecision =
  | (SkipDecisionBase & { readonly action: 'run'; readonly factor: 1; readonly decidedBy: null })
  | (SkipDecisionBase & {
      readonly action: 'skip';
      readonly factor: 0;
      readonly decidedBy: SkipRuleKind;
    })
  | (SkipDecisionBase & {
      readonly action: 'scale';
      readonly factor: number;
      readonly decidedBy: 'seasonal';
    });

const SENSOR_RULES: Record<
  SensorRuleKind,
  {
    readonly input: keyof SkipInputs;
    readonly threshold: (rules: ProgramSkipRules) => number | null;
    readonly skips: (value: number, threshold: number) => boolean;
  }
> = {
  // "≥ X mm" as the issue words it: the amount itself is enough.
  rain: {
    input: 'rain24h',
    threshold: (rules) => rules.rain?.atLeastMm ?? null,
    skips: (value, threshold) => value >= threshold,
  },
  // "above X": the threshold itself still waters.
  wind: {
    input: 'wind',
    threshold: (rules) => rules.wind?.aboveKph ?? null,
    skips: (value, threshold) => value > threshold,
  },
  // "below X": the threshold itself still waters.
  temperature: {
    input: 'temperature',
    threshold: (rules) => rules.temperature?.belowCelsius ?? null,
    skips: (value, threshold) => value < threshold,
  },
  'soil-moisture': {
    input: 'soilMoisture',
    threshold: (rules) => rules.soilMoisture?.abovePercent ?? null,
    skips: (value, threshold) => value > threshold,
  },
};

function checkSensorRule(
  rule: SensorRuleKind,
  rules: ProgramSkipRules,
  inputs: SkipInputs,
  now: number,
): SensorRuleCheck {
  const spec = SENSOR_RULES[rule];
  const threshold = spec.threshold(rules);
  if (threshold === null) return { rule, outcome: 'off' };
  const reading = inputs[spec.input];
  if (reading === null || !Number.isFinite(reading.value)) {
    return { rule, outcome: 'no-reading', threshold };
  }
  // A reading from the future (a clock a little ahead) is as good as a fresh one.
  if (now - reading.at > rules.maxReadingAgeMinutes * 60_000) {
    return { rule, outcome: 'stale-reading', threshold, reading };
  }
  const outcome = spec.skips(reading.value, threshold) ? 'skip' : 'passed';
  return { rule, outcome, threshold, reading };
}

function checkSeasonal(rules: ProgramSkipRules, now: number, timeZone: string): SeasonalCheck {
  if (!rules.seasonal) return { rule: 'seasonal', outcome: 'off' };
  const month = zonedDateTime(new Date(now), timeZone).month;
  const percent = rules.seasonal.percentByMonth[month - 1] ?? 100;
  const outcome = percent === 100 ? 'passed' : percent === 0 ? 'skip' : 'scale';
  return { rule: 'seasonal', outcome, month, percent };
}

/**
 * Every rule checked at `now` (the scheduled or requested start): the first rule in
 * SKIP_RULE_ORDER whose check is `skip` decides a skip (a seasonal 0 % too); otherwise a seasonal
 * percentage other than 100 scales the run; otherwise it runs as set. Missing and stale readings
 * never skip; they stay in the checks, so the decision says what it could not read.
 */
export function decideSkip(
  rules: ProgramSkipRules,
  inputs: SkipInputs,
  now: number,
  timeZone: string,
): SkipDecision {
  const checks: SkipCheck[] = SKIP_RULE_ORDER.map((rule) =>
    rule === 'seasonal'
      ? checkSeasonal(rules, now, timeZone)
      : checkSensorRule(rule, rules, inputs, now),
  );
  const base = { at: now, checks, inputs };
  const skipping = checks.find((check) => check.outcome === 'skip');
  if (skipping) return { ...base, action: 'skip', factor: 0, decidedBy: skipping.rule };
  const seasonal = checks.find((check) => check.rule === 'seasonal');
  if (seasonal && seasonal.outcome === 'scale') {
    return { ...base, action: 'scale', factor: seasonal.percent / 100, decidedBy: 'seasonal' };
  }
  return { ...base, action: 'run', factor: 1, decidedBy: null };
}

// ---------------------------------------------------------------------------------------------
// In words

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A number as the pages show it: at most one decimal, no trailing ".0", a true minus sign. */
export function formatSkipNumber(value: number): string {
  const text = String(Number(value.toFixed(1)));
  return text === '-0' ? '0' : text.replace('-', '−');
}

const clock = (at: number, timeZone: string): string => {
  const wall = zonedDateTime(new Date(at), timeZone);
  return `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
};

const UNITS: Record<SensorRuleKind, string> = {
  rain: 'mm',
  wind: 'km/h',
  temperature: '°C',
  'soil-moisture': '%',
};
const SKIP_SIGN: Record<SensorRuleKind, string> = {
  rain: '≥',
  wind: '>',
  temperature: '<',
  'soil-moisture': '>',
};
const PASS_SIGN: Record<SensorRuleKind, string> = {
  rain: '<',
  wind: '≤',
  temperature: '≥',
  'soil-moisture': '≤',
};
const NAMES: Record<SensorRuleKind, string> = {
  rain: 'rain in the last 24 h',
  wind: 'wind',
  temperature: 'temperature',
  'soil-moisture': 'soil moisture',
};

const quantity = (rule: SensorRuleKind, value: number): string =>
  `${formatSkipNumber(value)} ${UNITS[rule]}`;

/** A reading in words: "12.4 mm of rain in the last 24 h at Te Awa station". */
function readingText(rule: SensorRuleKind, reading: SkipReading): string {
  const value = quantity(rule, reading.value);
  switch (rule) {
    case 'rain':
      return `${value} of rain in the last 24 h at ${reading.label}`;
    case 'wind':
      return `wind ${value} at ${reading.label}`;
    case 'temperature':
      return `${value} at ${reading.label}`;
    case 'soil-moisture':
      return `soil moisture ${value} at ${reading.label}`;
  }
}

/** One check in words, e.g. "wind 32 km/h at Te Awa station > 25 km/h", "no wind reading". */
export function describeSkipCheck(check: SkipCheck, timeZone: string): string {
  if (check.rule === 'seasonal') {
    if (check.outcome === 'off') return 'no seasonal adjustment';
    return `seasonal adjustment ${check.percent} % for ${MONTHS[check.month - 1] ?? check.month}`;
  }
  const rule = check.rule;
  switch (check.outcome) {
    case 'off':
      return `no ${NAMES[rule]} rule`;
    case 'no-reading':
      return `no ${NAMES[rule]} reading`;
    case 'stale-reading':
      return `${NAMES[rule]} last read at ${check.reading.label} at ${clock(check.reading.at, timeZone)}, too old to use`;
    case 'passed':
      return `${readingText(rule, check.reading)} ${PASS_SIGN[rule]} ${quantity(rule, check.threshold)}`;
    case 'skip':
      return `${readingText(rule, check.reading)} ${SKIP_SIGN[rule]} ${quantity(rule, check.threshold)}`;
  }
}

/**
 * A decision in words, as the program page shows it: "Skipped 06:00 — 12.4 mm of rain in the
 * last 24 h at Te Awa station ≥ 10 mm"; "Run 06:00 at 70 % — seasonal adjustment 70 % for July";
 * "Run 06:00 — no rule skipped". A run or scale adds what it could not read ("; no wind
 * reading"), since a rule that could not be checked is why it did not skip.
 */
export function describeSkipDecision(decision: SkipDecision, timeZone: string): string {
  const time = clock(decision.at, timeZone);
  const unread = decision.checks
    .filter((check) => check.outcome === 'no-reading' || check.outcome === 'stale-reading')
    .map((check) => `; ${describeSkipCheck(check, timeZone)}`)
    .join('');
  const deciding = decision.checks.find((check) => check.rule === decision.decidedBy);
  switch (decision.action) {
    case 'skip':
      return `Skipped ${time} — ${deciding ? describeSkipCheck(deciding, timeZone) : decision.decidedBy}`;
    case 'scale':
      return `Run ${time} at ${formatSkipNumber(decision.factor * 100)} % — ${deciding ? describeSkipCheck(deciding, timeZone) : 'seasonal adjustment'}${unread}`;
    case 'run':
      return `Run ${time} — no rule skipped${unread}`;
  }
}
