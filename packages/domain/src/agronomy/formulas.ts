/**
 * The agronomy a grower plans by, as named formulas (issue 14). Each says where it comes from;
 * agronomy.test.ts checks each against the published worked values of its source.
 */

/** Base temperature of growing degree days (°C): the corn and grape convention. */
export const GDD_BASE_CELSIUS = 10;

/**
 * Growing degree days of one day, simple average method ("Method 1" of McMaster & Wilhelm 1997,
 * Agric. For. Meteorol. 87:291-300; as the Midwestern Regional Climate Center states it):
 * mean = (Tmax + Tmin) / 2; GDD = mean − base when the mean is above the base, else 0.
 */
export function growingDegreeDays(
  maxCelsius: number,
  minCelsius: number,
  baseCelsius: number = GDD_BASE_CELSIUS,
): number {
  const mean = (maxCelsius + minCelsius) / 2;
  return mean > baseCelsius ? mean - baseCelsius : 0;
}

/**
 * Utah chill units of one hour at a mean temperature (°C): Richardson, Seeley & Walker 1974,
 * "A model for estimating the completion of rest for Redhaven and Elberta peach trees",
 * HortScience 9(4):331-332, with the °C edges of chillR's Utah_Model: ≤1.4 → 0; ≤2.4 → 0.5;
 * ≤9.1 → 1; ≤12.4 → 0.5; ≤15.9 → 0; ≤18.0 → −0.5; above → −1. Warm hours undo chill, so the
 * running total can fall.
 */
export function utahChillUnits(hourlyMeanCelsius: number): number {
  const t = hourlyMeanCelsius;
  if (t <= 1.4) return 0;
  if (t <= 2.4) return 0.5;
  if (t <= 9.1) return 1;
  if (t <= 12.4) return 0.5;
  if (t <= 15.9) return 0;
  if (t <= 18) return -0.5;
  return -1;
}

/** Chill hours count hours below this (°C): the classic 45 °F model (Weinberger 1950). */
export const CHILL_HOUR_LIMIT_CELSIUS = 7.2;

/** One chill hour when the hour's mean is below 7.2 °C, else none. */
export function chillHour(hourlyMeanCelsius: number): number {
  return hourlyMeanCelsius < CHILL_HOUR_LIMIT_CELSIUS ? 1 : 0;
}

/** Magnus coefficients over water as the WMO gives them (WMO-No. 8, 2008, Annex 4.B). */
export const MAGNUS = { a: 6.112, b: 17.62, c: 243.12 } as const;

/** Saturation vapour pressure over water (hPa) at a temperature (°C): the WMO Magnus formula. */
export function saturationVapourPressure(celsius: number): number {
  return MAGNUS.a * Math.exp((MAGNUS.b * celsius) / (MAGNUS.c + celsius));
}

/**
 * Dew point (°C) from temperature (°C) and relative humidity (%), the Magnus formula inverted
 * with the WMO constants 17.62 and 243.12 °C: γ = ln(RH/100) + b·T/(c+T); Td = c·γ/(b−γ).
 * Sensirion's application note gives it ±0.35 °C over −45…60 °C. Null for no humidity (RH ≤ 0).
 */
export function dewPoint(celsius: number, relativeHumidity: number): number | null {
  if (!(relativeHumidity > 0)) return null;
  const rh = Math.min(relativeHumidity, 100);
  const gamma = Math.log(rh / 100) + (MAGNUS.b * celsius) / (MAGNUS.c + celsius);
  return (MAGNUS.c * gamma) / (MAGNUS.b - gamma);
}

/** Specific gas constants (J/(kg·K)) of dry air and water vapour (CIPM-2007 / ISA). */
export const GAS_CONSTANT = { dryAir: 287.058, waterVapour: 461.495 } as const;

/**
 * Density of moist air (kg/m³) from temperature (°C), pressure (hPa) and relative humidity (%):
 * the sum of the partial densities of dry air and vapour, ρ = (p − e)/(Rd·T) + e/(Rv·T), with
 * e = RH/100 · es(T) by the WMO Magnus formula. At 15 °C, 1013.25 hPa and dry it gives the ISA
 * sea-level 1.225 kg/m³.
 */
export function airDensity(celsius: number, pressureHpa: number, relativeHumidity: number): number {
  const kelvin = celsius + 273.15;
  const vapour =
    (Math.min(Math.max(relativeHumidity, 0), 100) / 100) * saturationVapourPressure(celsius);
  const dry = pressureHpa - vapour;
  return (
    (dry * 100) / (GAS_CONSTANT.dryAir * kelvin) +
    (vapour * 100) / (GAS_CONSTANT.waterVapour * kelvin)
  );
}
