/**
 * A radiative frost night's temperatures as the FAO frost forecast sees them (Snyder & de
 * Melo-Abreu 2005, ch. 6, the FFST method; research 09-frost-forecast.md): the air at 2 m cools
 * fast in the first two hours after sunset, then slower along Tᵢ = T₂ + (Tmin − T₂)·√((i − 2)/(n − 2))
 * to its minimum at sunrise, where Tmin = a·T₂ + b·Td₂ + c from the air and dew point two hours
 * after sunset. The canopy radiates below the air, and an inversion builds above it (the air at a
 * fan's tower top warmer than at 2 m). A windy or cloudy night stirs the layers: it cools slowly,
 * its minimum is not the formula's, and it builds little inversion. Shared by the compressed frost
 * night (frost-night.ts) and the demo farm's season of past nights, so a fit over the demo's nights
 * finds the coefficients the simulator's live nights follow. Pure.
 */

/** Tmin = a·T₂ + b·Td₂ + c (°C). */
export interface FfstPhysics {
  readonly a: number;
  readonly b: number;
  readonly c: number;
}

/**
 * The simulated sites' own coefficients: near the FAO worked example (a 0.5028, b 0.0265,
 * c −5.822) but not it, so a fit over a site's nights visibly learns the site.
 */
export const SIMULATED_FFST: FfstPhysics = { a: 0.56, b: 0.08, c: -5.4 };

/** Hours after sunset at which T₂ and Td₂ are read (FFST). */
const T2_HOUR = 2;
/** On a clear calm night the air at 2 m loses this much (°C) in the two hours after sunset. */
const RADIATIVE_DROP_TO_T2 = 4.5;
/** How far the canopy radiates below the 2 m air on a clear calm night (°C). */
const CANOPY_COOLING = 1.5;
/** The inversion (tower top minus 2 m air) as a share of the night's fall from sunset. */
const INVERSION_SHARE = 0.3;
/** The sun warms the air by up to this (°C) in the morning. */
const MORNING_WARMING = 13;

export interface NightInput {
  /** Air at 2 m at sunset (°C). */
  readonly sunsetAir: number;
  /** The night's dew point (°C): the air's moisture, steady through a night with no front. */
  readonly dewPoint: number;
  /** Hours from sunset to sunrise. */
  readonly hours: number;
  /** 1 a clear calm (radiative) night; towards 0 wind or cloud stirs it (0–1). */
  readonly stillness: number;
  readonly physics: FfstPhysics;
  /** Added to the formula's minimum: the night's own departure from the fit (°C). */
  readonly minimumOffset?: number;
}

export interface NightTemperatures {
  /** Air at 2 m (°C): the weather station's temperature. */
  readonly air: number;
  readonly dewPoint: number;
  readonly canopy: number;
  /** Air at the top of a fan's tower (°C). */
  readonly tower: number;
}

/** T₂: the air two hours after sunset. */
export function airAtT2(input: NightInput): number {
  return input.sunsetAir - RADIATIVE_DROP_TO_T2 * input.stillness;
}

/**
 * The night's minimum at sunrise. On a radiative night the FFST formula's; a stirred night falls
 * only part of the way below T₂ (the formula's minimum weighed by stillness).
 */
export function nightMinimum(input: NightInput): number {
  const t2 = airAtT2(input);
  const td2 = Math.min(input.dewPoint, t2);
  const ffst = input.physics.a * t2 + input.physics.b * td2 + input.physics.c;
  const stirred = t2 - 1.5;
  return input.stillness * ffst + (1 - input.stillness) * stirred + (input.minimumOffset ?? 0);
}

/** Air at 2 m, `hour` hours after sunset (the morning after sunrise included). */
function airAt(input: NightInput, hour: number, t2: number, tmin: number): number {
  const n = Math.max(input.hours, T2_HOUR + 1);
  if (hour <= 0) return input.sunsetAir;
  // Fast at first, slower by the second hour (continuing into the FFST curve's steep start).
  if (hour < T2_HOUR) return input.sunsetAir + (t2 - input.sunsetAir) * Math.sqrt(hour / T2_HOUR);
  if (hour <= n) return t2 + (tmin - t2) * Math.sqrt((hour - T2_HOUR) / (n - T2_HOUR));
  return tmin + MORNING_WARMING * (1 - Math.exp(-(hour - n) / 2));
}

/**
 * The night's temperatures `hour` hours after sunset. The canopy's radiative deficit and the
 * inversion build within the first hours and fade within the hour after sunrise.
 */
export function nightTemperatures(input: NightInput, hour: number): NightTemperatures {
  const t2 = airAtT2(input);
  const tmin = nightMinimum(input);
  const air = airAt(input, hour, t2, tmin);
  const sinceSunrise = Math.max(0, hour - input.hours);
  const building = 1 - Math.exp(-Math.max(0, hour) / 0.7);
  const fade = Math.exp(-sinceSunrise / 0.8);
  const cooling = CANOPY_COOLING * input.stillness * building * fade;
  const fall = Math.max(0, input.sunsetAir - tmin);
  const inversion =
    INVERSION_SHARE * fall * input.stillness * (1 - Math.exp(-Math.max(0, hour) / 2)) * fade;
  return {
    air,
    // Dew forms (then frost) once the air reaches its dew point: the dew point follows it down.
    dewPoint: Math.min(input.dewPoint, air),
    canopy: air - cooling,
    tower: air + inversion,
  };
}
