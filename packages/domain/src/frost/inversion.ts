/**
 * The inversion (issue 31 item 4): on a radiative night the air a fan's tower reaches (10–15 m)
 * stays warmer than the canopy, and a fan only helps by mixing that warmer air down. Tower minus
 * canopy says whether running the fans is worth it: with no inversion a fan moves cold air and
 * wakes the neighbours. Pure: the caller reads the temperatures.
 */
import type { Inversion, InversionClass } from './schemas.ts';

/**
 * The classes' lower bounds, tower minus canopy in °C.
 *
 * Sources (research 09-frost-forecast.md): University of California / Hilgardia call an inversion
 * of 13 °F (about 7 °C) or more between 12–15 m and the ground strong, and one under 5 °F (about
 * 2.8 °C) weak; growers' regional guidance calls 3 °C or more strong.
 *
 * Decision: strong from 3 °C, the regional figure. A fan raises the canopy by a fraction of the
 * inversion (a third to a half), so from 3 °C it gains a degree or more, which is what saves buds;
 * the Californian 7 °C would leave most of our nights "weak" while the fans clearly pay. None under
 * 1 °C: below that a fan gains a few tenths, inside the error of two field probes (±0.5 °C each),
 * and mostly moves cold air. Weak in between, the same side of the Hilgardia 2.8 °C as theirs.
 */
export const INVERSION_THRESHOLDS_C = { strong: 3, weak: 1 } as const;

/** The class of an inversion of `towerMinusCanopy` °C: 'strong', 'weak' or 'none' (lapse included). */
export function classifyInversion(towerMinusCanopy: number): InversionClass {
  if (towerMinusCanopy >= INVERSION_THRESHOLDS_C.strong) return 'strong';
  if (towerMinusCanopy >= INVERSION_THRESHOLDS_C.weak) return 'weak';
  return 'none';
}

/** Tower minus canopy (°C, to 0.1) and its class; null when either temperature is missing. */
export function inversionOf(tower: number | null, canopy: number | null): Inversion | null {
  if (tower === null || canopy === null) return null;
  const value = Math.round((tower - canopy) * 10) / 10;
  return { value, class: classifyInversion(value) };
}

/**
 * The site's (the frost area's) inversion from its fans' tower-minus-canopy values: their mean,
 * classed again. Decision: the mean, not the largest, since the question is whether running the
 * area's fans pays. Null with no values. The caller leaves out fans whose readings are stale.
 */
export function siteInversion(values: readonly number[]): Inversion | null {
  if (values.length === 0) return null;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const value = Math.round(mean * 10) / 10;
  return { value, class: classifyInversion(value) };
}
