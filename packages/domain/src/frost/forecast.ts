/**
 * Tonight's minimum temperature (issue 31): the FAO frost forecast (FFST) of Snyder & de
 * Melo-Abreu, "Frost protection: fundamentals, practice and economics", FAO 2005, ch. 6:
 * Tmin = a·T₂ + b·Td₂ + c from the air temperature T₂ and dew point Td₂ two hours after sunset,
 * with a, b, c fitted to the site's own radiative nights, and the night's expected curve from T₂
 * down to Tmin at sunrise. Pure: every instant and reading is an argument.
 */
import { getTimes } from 'suncalc';
import { zonedDateTime, zonedTimeToInstant } from '../constants/timezone.ts';
import type { FrostRules } from './rules.ts';

const HOUR_MS = 3_600_000;

export interface FfstCoefficients {
  readonly a: number;
  readonly b: number;
  readonly c: number;
}

/**
 * The FAO's worked example (ch. 6, ten sample nights): the published default a site uses until it
 * has MIN_FIT_NIGHTS radiative nights of its own.
 */
export const FFST_DEFAULT: FfstCoefficients = { a: 0.5028, b: 0.0265, c: -5.822 };

/** The radiative nights a site needs before its own fit replaces FFST_DEFAULT (issue 31). */
export const MIN_FIT_NIGHTS = 10;

/** Hours after sunset that T₂ and Td₂ are read (the method's "two hours after sunset"). */
export const FORECAST_HOURS_AFTER_SUNSET = 2;

/** Tonight's minimum (°C) from T₂ and Td₂ (°C). */
export function forecastMinimum(
  t2: number,
  td2: number,
  coefficients: FfstCoefficients = FFST_DEFAULT,
): number {
  return coefficients.a * t2 + coefficients.b * td2 + coefficients.c;
}

/** A past night as the fit takes it: its T₂, Td₂ and the minimum observed (°C). */
export interface FitNight {
  readonly t2: number;
  readonly td2: number;
  readonly observedMin: number;
}

export interface FfstFit extends FfstCoefficients {
  /** The nights fitted. */
  readonly nights: number;
  /** Mean absolute residual of the fitted nights (°C). */
  readonly meanAbsoluteError: number;
}

/** Fewer nights than unknowns leave the least-squares fit undetermined. */
const MIN_NIGHTS_TO_SOLVE = 3;

/**
 * Below this, 1 − r² of T₂ and Td₂ over the nights: they move together so closely that a and b
 * cannot be told apart, and any answer would be rounding noise.
 */
const SINGULAR_SHARE = 1e-9;

/**
 * a, b, c by least squares: the normal equations (XᵀX)β = Xᵀy for the rows [T₂, Td₂, 1]. Taken
 * about the nights' means, the third equation gives c = ȳ − a·T̄₂ − b·T̄d₂ and leaves two by two
 * in a and b, solved directly, which keeps rounding small. Null under three nights, or when the
 * nights cannot separate the unknowns (every night with the same T₂, or Td₂ always T₂ minus a
 * fixed amount): the caller then keeps the default rather than an arbitrary solution.
 */
export function fitCoefficients(nights: readonly FitNight[]): FfstFit | null {
  const count = nights.length;
  if (count < MIN_NIGHTS_TO_SOLVE) return null;
  const mean = (value: (night: FitNight) => number) =>
    nights.reduce((sum, night) => sum + value(night), 0) / count;
  const meanT = mean((night) => night.t2);
  const meanD = mean((night) => night.td2);
  const meanY = mean((night) => night.observedMin);
  let stt = 0;
  let sdd = 0;
  let std = 0;
  let sty = 0;
  let sdy = 0;
  for (const night of nights) {
    const t = night.t2 - meanT;
    const d = night.td2 - meanD;
    const y = night.observedMin - meanY;
    stt += t * t;
    sdd += d * d;
    std += t * d;
    sty += t * y;
    sdy += d * y;
  }
  const determinant = stt * sdd - std * std;
  if (!(determinant > stt * sdd * SINGULAR_SHARE)) return null;
  const a = (sty * sdd - sdy * std) / determinant;
  const b = (sdy * stt - sty * std) / determinant;
  const c = meanY - a * meanT - b * meanD;
  const coefficients = { a, b, c };
  const meanAbsoluteError = mean((night) =>
    Math.abs(forecastMinimum(night.t2, night.td2, coefficients) - night.observedMin),
  );
  return { a, b, c, nights: count, meanAbsoluteError };
}

/**
 * The radiative-night rule (FFST fits only clear, calm nights, no fronts). Wind: an inversion
 * forms in wind below about 6 km/h (University of California, Hilgardia; research 09), and a
 * radiative night is one with an inversion. Cooling: our decision, 1 °C/h from sunset to T₂; a
 * clear, calm night loses heat fastest in its first hours (the research's worked series still
 * falls 1.8 °C in its third hour), while an overcast or windy one barely cools after sunset.
 */
export const RADIATIVE_MAX_MEAN_WIND_KMH = 6;
export const RADIATIVE_MIN_COOLING_C_PER_HOUR = 1;

export interface NightConditions {
  /** Mean wind from sunset to T₂ time (km/h); null where the site has no wind reading. */
  readonly meanWindKmh: number | null;
  /** Air temperature at sunset (°C). */
  readonly sunsetTemperature: number;
  /** Air temperature two hours after sunset (°C). */
  readonly t2: number;
}

/**
 * Whether a night counts as radiative: calm (mean wind under the limit; with no wind sensor the
 * cooling alone decides) and cooling at least the minimum rate from sunset to T₂.
 */
export function isRadiativeNight(night: NightConditions): boolean {
  if (night.meanWindKmh !== null && night.meanWindKmh >= RADIATIVE_MAX_MEAN_WIND_KMH) return false;
  const coolingPerHour = (night.sunsetTemperature - night.t2) / FORECAST_HOURS_AFTER_SUNSET;
  return coolingPerHour >= RADIATIVE_MIN_COOLING_C_PER_HOUR;
}

export interface NightSun {
  readonly sunset: Date;
  /** The next morning's sunrise. */
  readonly sunrise: Date;
}

/**
 * Sunset on local date `night` and the next sunrise at the site (suncalc, the sun's upper limb at
 * the horizon). Null where the sun does not set or rise (polar day or night).
 */
export function nightSun(
  night: string,
  location: { lat: number; lng: number },
  timeZone: string,
): NightSun | null {
  const [year, month, day] = night.split('-').map(Number) as [number, number, number];
  // suncalc answers for the solar day holding the instant given: local noon names the day.
  const noon = zonedTimeToInstant({ year, month, day, hour: 12 }, timeZone);
  const nextNoon = zonedTimeToInstant({ year, month, day: day + 1, hour: 12 }, timeZone);
  const sunset = getTimes(noon, location.lat, location.lng).sunset;
  const sunrise = getTimes(nextNoon, location.lat, location.lng).sunrise;
  if (!sunset || !sunrise || sunrise <= sunset) return null;
  return { sunset, sunrise };
}

/** When T₂ and Td₂ are read and tonight's forecast is made: two hours after sunset. */
export function forecastTime(sunset: Date): Date {
  return new Date(sunset.getTime() + FORECAST_HOURS_AFTER_SUNSET * HOUR_MS);
}

export interface CurvePoint {
  readonly at: Date;
  readonly temperature: number;
}

/**
 * The night's expected curve Tᵢ = T₂ + (Tmin − T₂)·√((i − 2)/(n − 2)), i hours after sunset, n the
 * hours from sunset to sunrise: a point each hour from T₂ time, and the last at sunrise (Tmin).
 * A night of two hours or less is its T₂ point alone.
 */
export function nightCurve(sun: NightSun, t2: number, tmin: number): CurvePoint[] {
  const start = forecastTime(sun.sunset);
  const n = (sun.sunrise.getTime() - sun.sunset.getTime()) / HOUR_MS;
  const points: CurvePoint[] = [{ at: start, temperature: t2 }];
  if (n <= FORECAST_HOURS_AFTER_SUNSET) return points;
  const at = (i: number) => new Date(sun.sunset.getTime() + i * HOUR_MS);
  const temperature = (i: number) => t2 + (tmin - t2) * Math.sqrt((i - 2) / (n - 2));
  for (let i = 3; i < n; i++) points.push({ at: at(i), temperature: temperature(i) });
  points.push({ at: sun.sunrise, temperature: tmin });
  return points;
}

/**
 * When the curve first reaches `temperature` (at or below), read linearly between its points;
 * null when it stays above.
 */
export function timeReaching(curve: readonly CurvePoint[], temperature: number): Date | null {
  let before: CurvePoint | undefined;
  for (const point of curve) {
    if (point.temperature <= temperature) {
      if (!before) return point.at;
      const share = (before.temperature - temperature) / (before.temperature - point.temperature);
      const ms = before.at.getTime() + share * (point.at.getTime() - before.at.getTime());
      return new Date(Math.round(ms));
    }
    before = point;
  }
  return null;
}

/**
 * The margin above the critical temperature at which tonight's forecast warns (°C) when the site
 * sets none: the 1 °C above the trip point that FrostAlert resets at and Metos suggests alerting
 * at (research 09). A decision: a regression forecast misses by some tenths of a degree to a
 * degree, so a forecast a little warm still wakes the grower; the season's mean absolute error on
 * the frost page shows whether the site needs more.
 */
export const FORECAST_WARNING_MARGIN_DEFAULT = 1;

/** The forecast minimum at or below which tonight's early warning goes out (°C). */
export function forecastWarningThreshold(
  rules: Pick<FrostRules, 'startAtOrBelow' | 'criticalTemperature' | 'forecastMargin'>,
): number {
  const critical = rules.criticalTemperature ?? rules.startAtOrBelow;
  return critical + (rules.forecastMargin ?? FORECAST_WARNING_MARGIN_DEFAULT);
}

/** Whether tonight's forecast minimum calls for the early warning. */
export function forecastWarns(tmin: number, threshold: number): boolean {
  return tmin <= threshold;
}

export interface ForecastAgainstObserved {
  readonly forecastMin: number | null;
  readonly observedMin: number | null;
}

export interface ForecastSeason {
  readonly count: number;
  /** Mean |forecast − observed| (°C); null with no night that has both. */
  readonly meanAbsoluteError: number | null;
  /** Mean (forecast − observed) (°C): above 0 the forecast runs warm. Null with no night. */
  readonly bias: number | null;
}

/** The season's forecast error over the nights that have both a forecast and an observation. */
export function forecastSeason(nights: readonly ForecastAgainstObserved[]): ForecastSeason {
  const errors = nights.flatMap((night) =>
    night.forecastMin !== null && night.observedMin !== null
      ? [night.forecastMin - night.observedMin]
      : [],
  );
  if (errors.length === 0) return { count: 0, meanAbsoluteError: null, bias: null };
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    count: errors.length,
    meanAbsoluteError: sum(errors.map(Math.abs)) / errors.length,
    bias: sum(errors) / errors.length,
  };
}

const celsius = (value: number) => `${value.toFixed(1)} °C`;

function localTime(at: Date, timeZone: string): string {
  const wall = zonedDateTime(at, timeZone);
  return `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
}

export interface ForecastWarningFacts {
  readonly tmin: number;
  readonly sunrise: Date;
  readonly startTemperature: number;
  /** When the curve reaches the start temperature; null when it stays above. */
  readonly startExpectedAt: Date | null;
  /** Tower minus canopy now (°C) and its class; null without both readings. */
  readonly inversion: { readonly value: number; readonly class: string } | null;
  readonly timeZone: string;
}

/**
 * What the early warning says after its alarm line (issue 31): the forecast minimum, when the
 * start temperature is expected, and the inversion now, in the site's local time.
 */
export function forecastWarningText(facts: ForecastWarningFacts): string {
  const zone = facts.timeZone;
  const start = celsius(facts.startTemperature);
  return [
    `Forecast minimum ${celsius(facts.tmin)} by sunrise ${localTime(facts.sunrise, zone)}`,
    facts.startExpectedAt
      ? `start temperature ${start} expected at ${localTime(facts.startExpectedAt, zone)}`
      : `start temperature ${start} not expected`,
    facts.inversion
      ? `inversion now ${celsius(facts.inversion.value)} (${facts.inversion.class}, tower minus canopy)`
      : 'inversion now unknown (no tower and canopy readings)',
  ].join('; ');
}
