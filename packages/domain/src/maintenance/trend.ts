/**
 * Battery and signal trends (issue 12, maintenance): from a radio's or unit's recent readings,
 * the slope and the dates it is predicted to cross its §9 levels, with a confidence. The method
 * is written up in docs/maintenance.md; in short:
 *
 * 1. Daily medians over the window (six weeks for a battery): the median drops the odd spike and
 *    a day's solar top-up and night sag, and weighs a device that reports every minute the same
 *    as one that reports every hour.
 * 2. The recent segment: a lithium cell sits flat for most of its life and then falls away at
 *    the knee, and a battery change or a moved antenna is a step. One straight line over both
 *    sides of such a bend predicts nothing true, so the series is split at the one breakpoint
 *    that explains it best (least squares on each side, chosen by BIC so a break must earn its
 *    extra parameters), and only the part after it is fitted.
 * 3. Weighted least squares on that segment, each day weighted by recency (half-life a week):
 *    the newest behaviour counts most, and the standard error of the slope comes with it.
 * 4. Flat: a slope smaller than the metric's flat rate, or not twice its standard error, is no
 *    trend, and no date is predicted. A flat cell's gentle slope would put its warning date a
 *    year out, long after the knee will have come; saying nothing is the honest answer.
 * 5. Dates: where the fitted line crosses each level, with the range the slope ± 2 standard
 *    errors gives. A level the newest day is already below is crossed.
 * 6. Confidence: high when a week or more of days fits tightly (± 2 standard errors within a
 *    quarter of the slope) and the first date is within three times the fitted span; medium when
 *    four or more days fit within half; low otherwise.
 *
 * Pure: the caller passes the readings and `now`.
 */
import {
  BATTERY_EMPTY_V,
  BATTERY_VOLTAGE_THRESHOLD_V,
  SIGNAL_STRENGTH_THRESHOLD_DBM,
} from '../constants/thresholds.ts';

const DAY_MS = 86_400_000;

/** One reading: `time` in ms since the epoch. */
export type TrendReading = { time: number; value: number };

export type TrendOptions = {
  /** Levels a falling series is predicted to cross, e.g. the warning level then empty. */
  levels: readonly number[];
  /** Units per day below which a slope is no trend (flat). */
  flatPerDay: number;
  /** Days of readings looked at, back from now. */
  windowDays: number;
  /** A day this many days old weighs half as much as today in the fit. */
  halfLifeDays: number;
  /** The smallest spread the readings are taken to have (their resolution and noise). */
  noiseFloor: number;
};

/** A battery in volts: §9 warning 3.3 V and empty 3.0 V, over the last six weeks. */
export const BATTERY_TREND: TrendOptions = {
  levels: [BATTERY_VOLTAGE_THRESHOLD_V, BATTERY_EMPTY_V],
  // 60 mV a month: a healthy lithium cell loses far less; a cell past its knee far more.
  flatPerDay: 0.002,
  windowDays: 42,
  halfLifeDays: 7,
  noiseFloor: 0.005,
};

/** A radio signal in dBm: §9 weak below -99 dBm, over the last four weeks. */
export const SIGNAL_TREND: TrendOptions = {
  levels: [SIGNAL_STRENGTH_THRESHOLD_DBM],
  // 3 dB a month: less is weather and foliage, more is a link going bad.
  flatPerDay: 0.1,
  windowDays: 28,
  halfLifeDays: 7,
  noiseFloor: 1,
};

/** insufficient: under 3 days of readings; flat: no trend; else the way the fitted line goes. */
export type TrendState = 'insufficient' | 'flat' | 'falling' | 'rising';
export type TrendConfidence = 'low' | 'medium' | 'high';

export type LevelCrossing = {
  level: number;
  /** The newest day is below the level already. */
  crossed: boolean;
  /** Predicted crossing (ISO), or null: crossed, not falling, or no trend. */
  at: string | null;
  /** The crossing at the slope + 2 standard errors (steeper): the soonest it may come. */
  earliest: string | null;
  /** At the slope - 2 standard errors (gentler); null when that slope is flat or rising. */
  latest: string | null;
};

export type Trend = {
  state: TrendState;
  /** Units per day of the fitted segment (V/day, dB/day); null when insufficient. */
  slopePerDay: number | null;
  /** The fitted value now; the newest day's median when flat; null when insufficient. */
  level: number | null;
  /** Start of the segment fitted (after a knee or a step), ISO; null when insufficient. */
  fittedFrom: string | null;
  /** Days with readings in the fitted segment. */
  days: number;
  crossings: LevelCrossing[];
  /** Null unless falling or rising. */
  confidence: TrendConfidence | null;
};

/** A day's median, at `x` days from now (negative: the mean time of its readings). */
type DayPoint = { x: number; y: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Daily medians of the readings within the window, oldest first; day 0 is the last 24 hours. */
export function dailyMedians(
  readings: readonly TrendReading[],
  now: Date,
  windowDays: number,
): DayPoint[] {
  const end = now.getTime();
  const days = new Map<number, { times: number[]; values: number[] }>();
  for (const { time, value } of readings) {
    const age = end - time;
    if (!Number.isFinite(value) || age < 0 || age >= windowDays * DAY_MS) continue;
    const index = Math.floor(age / DAY_MS);
    let day = days.get(index);
    if (!day) {
      day = { times: [], values: [] };
      days.set(index, day);
    }
    day.times.push(time);
    day.values.push(value);
  }
  return [...days.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, day]) => ({
      x: (day.times.reduce((sum, t) => sum + t, 0) / day.times.length - end) / DAY_MS,
      y: median(day.values),
    }));
}

type Fit = { intercept: number; slope: number; slopeError: number; sse: number };

/** Weighted least squares of y on x; weights default to 1. At least 2 distinct x. */
function fitLine(points: readonly DayPoint[], weights?: readonly number[]): Fit {
  let sw = 0;
  let sx = 0;
  let sy = 0;
  points.forEach((p, i) => {
    const w = weights?.[i] ?? 1;
    sw += w;
    sx += w * p.x;
    sy += w * p.y;
  });
  const mx = sx / sw;
  const my = sy / sw;
  let sxx = 0;
  let sxy = 0;
  points.forEach((p, i) => {
    const w = weights?.[i] ?? 1;
    sxx += w * (p.x - mx) ** 2;
    sxy += w * (p.x - mx) * (p.y - my);
  });
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const intercept = my - slope * mx;
  let sse = 0;
  let wsse = 0;
  points.forEach((p, i) => {
    const residual = p.y - (intercept + slope * p.x);
    sse += residual ** 2;
    wsse += (weights?.[i] ?? 1) * residual ** 2;
  });
  const n = points.length;
  // The weighted residual variance, scaled to the number of points less the 2 fitted.
  const variance = n > 2 ? ((wsse / sw) * n) / (n - 2) : 0;
  const slopeError = sxx === 0 ? Infinity : Math.sqrt((variance * sw) / n / sxx);
  return { intercept, slope, slopeError, sse };
}

/** Points in the recent segment at least; fewer cannot tell a slope from noise. */
const MIN_SEGMENT = 3;

/**
 * Where the recent segment starts: 0 (one line fits best) or the index after the breakpoint that
 * gives the lowest BIC of two separate lines. The residual variance is floored at the noise
 * floor, so a perfectly straight series does not make any break look infinitely better. Each
 * side keeps at least MIN_SEGMENT days.
 */
export function recentSegmentStart(points: readonly DayPoint[], noiseFloor: number): number {
  const n = points.length;
  const floor = noiseFloor ** 2;
  const bic = (sse: number, parameters: number) =>
    n * Math.log(Math.max(sse / n, floor)) + parameters * Math.log(n);
  let best = 0;
  let bestScore = bic(fitLine(points).sse, 2);
  for (let start = MIN_SEGMENT; start <= n - MIN_SEGMENT; start++) {
    const early = fitLine(points.slice(0, start));
    const recent = fitLine(points.slice(start));
    // Two lines and the breakpoint: 5 parameters.
    const score = bic(early.sse + recent.sse, 5);
    // Between breaks that score alike (both at the noise floor), the later one: the purer segment.
    if (score < bestScore || (best > 0 && score === bestScore)) {
      best = start;
      bestScore = score;
    }
  }
  return best;
}

const iso = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();

/** Days from now until the line (value `level0` now, `slope` per day) reaches `level`. */
function daysUntil(level0: number, slope: number, level: number): number | null {
  if (slope >= 0) return null;
  return Math.max(0, (level - level0) / slope);
}

/** The trend of one metric's readings at `now` (see the file's comment for the method). */
export function trendOf(
  readings: readonly TrendReading[],
  now: Date,
  options: TrendOptions,
): Trend {
  const points = dailyMedians(readings, now, options.windowDays);
  const none = (level: number) => ({
    level,
    crossed: false,
    at: null,
    earliest: null,
    latest: null,
  });
  const first = points[0];
  const newest = points[points.length - 1];
  if (!first || !newest || points.length < MIN_SEGMENT || newest.x - first.x < 2) {
    return {
      state: 'insufficient',
      slopePerDay: null,
      level: null,
      fittedFrom: null,
      days: points.length,
      crossings: options.levels.map(none),
      confidence: null,
    };
  }
  const segment = points.slice(recentSegmentStart(points, options.noiseFloor));
  const start = segment[0] as DayPoint;
  const weights = segment.map((p) => 0.5 ** (-p.x / options.halfLifeDays));
  const fit = fitLine(segment, weights);
  const span = newest.x - start.x;
  const flat = Math.abs(fit.slope) < options.flatPerDay || Math.abs(fit.slope) < 2 * fit.slopeError;
  const crossedBy = (level: number) => newest.y < level;
  const fittedFrom = iso(now, start.x);
  if (flat) {
    return {
      state: 'flat',
      slopePerDay: fit.slope,
      level: newest.y,
      fittedFrom,
      days: segment.length,
      crossings: options.levels.map((level) => ({ ...none(level), crossed: crossedBy(level) })),
      confidence: null,
    };
  }
  const levelNow = fit.intercept;
  const steeper = fit.slope - 2 * fit.slopeError;
  const gentler = fit.slope + 2 * fit.slopeError;
  const crossings = options.levels.map((level): LevelCrossing => {
    if (crossedBy(level)) return { ...none(level), crossed: true };
    const days = daysUntil(levelNow, fit.slope, level);
    if (days === null) return none(level);
    const soonest = daysUntil(levelNow, steeper, level);
    const latest = daysUntil(levelNow, gentler, level);
    return {
      level,
      crossed: false,
      at: iso(now, days),
      earliest: soonest === null ? null : iso(now, soonest),
      latest: latest === null ? null : iso(now, latest),
    };
  });
  const relative = (2 * fit.slopeError) / Math.abs(fit.slope);
  const firstDate = crossings.find((crossing) => crossing.at !== null)?.at;
  const horizon = firstDate ? (Date.parse(firstDate) - now.getTime()) / DAY_MS : 0;
  let confidence: TrendConfidence =
    segment.length >= 7 && span >= 6 && relative <= 0.25
      ? 'high'
      : segment.length >= 4 && relative <= 0.5
        ? 'medium'
        : 'low';
  // A date far beyond the span fitted is an extrapolation: one step less sure.
  if (horizon > 3 * Math.max(span, 1)) {
    confidence = confidence === 'high' ? 'medium' : 'low';
  }
  return {
    state: fit.slope < 0 ? 'falling' : 'rising',
    slopePerDay: fit.slope,
    level: levelNow,
    fittedFrom,
    days: segment.length,
    crossings,
    confidence,
  };
}

/** A battery's trend (V): predicted dates for 3.3 V (warning) and 3.0 V (empty). */
export function batteryTrend(readings: readonly TrendReading[], now: Date): Trend {
  return trendOf(readings, now, BATTERY_TREND);
}

/** A signal's trend (dBm): a predicted date for falling below -99 dBm (weak). */
export function signalTrend(readings: readonly TrendReading[], now: Date): Trend {
  return trendOf(readings, now, SIGNAL_TREND);
}
