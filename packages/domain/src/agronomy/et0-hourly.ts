/**
 * FAO-56 hourly reference evapotranspiration (eq. 53), from the equations of et0.ts: the same
 * terms as the daily eq. 6, with Ra for the hour (eq. 28) and G from the hour's net radiation.
 */
import {
  atmosphericPressureKpa,
  fao56SaturationVapourPressureKpa,
  hourlyActualVapourPressureKpa,
  extraterrestrialRadiationPeriod,
  clearSkyRadiation,
  NIGHT_RS_OVER_RSO_ARID,
  netShortwaveRadiation,
  netLongwaveRadiationHourly,
  hourlySoilHeatFlux,
  et0Terms,
  penmanMonteith,
  type PeriodPosition,
  type Et0Terms,
} from './et0.ts';

/** A station's hour for FAO-56 eq. 53. */
export interface HourlyEt0Input extends PeriodPosition {
  elevationMetres: number;
  /** Mean air temperature (°C) and relative humidity (%, eq. 54) of the hour. */
  tCelsius: number;
  rhPercent: number;
  windSpeedMetresPerSecond: number;
  /** Height of the anemometer (m); 2 when left out; else eq. 47. */
  windHeightMetres?: number;
  /** Measured Rs of the hour (MJ m⁻² h⁻¹). */
  solarRadiationMjPerM2Hour: number;
  /** Measured pressure (kPa); without it, eq. 7 from the elevation. */
  pressureKpa?: number;
  /**
   * Rs/Rso for Rnl while the sun is down: the ratio of the hour 2–3 h before sunset (see
   * `isTwoToThreeHoursBeforeSunset`). Default 0.8, FAO's arid value used in Example 19.
   */
  nightRsOverRso?: number;
}

export interface HourlyEt0Result extends Et0Terms {
  /**
   * ET0 (mm/h) as eq. 53 gives it, not held at 0: a slightly negative night hour is dew, and the
   * hours of a day should net it out when summed.
   */
  et0MmPerHour: number;
  /** The sun above the horizon in some of the hour: G is 0.1 Rn (eq. 45), else 0.5 Rn (eq. 46). */
  daytime: boolean;
  /** The Rs/Rso that went into Rnl: the hour's own in daylight, `nightRsOverRso` at night. */
  rsOverRso: number;
}

/** Hourly grass reference evapotranspiration, FAO-56 eq. 53 at the hour's mean temperature, with Ra from eq. 28. */
export function hourlyEt0(input: HourlyEt0Input): HourlyEt0Result {
  const t = input.tCelsius;
  const pressure = input.pressureKpa ?? atmosphericPressureKpa(input.elevationMetres);
  const es = fao56SaturationVapourPressureKpa(t);
  const ea = hourlyActualVapourPressureKpa(t, input.rhPercent);
  const { raMjPerM2: ra, sunUp } = extraterrestrialRadiationPeriod(input);
  const rso = clearSkyRadiation(ra, input.elevationMetres);
  const rs = input.solarRadiationMjPerM2Hour;
  const nightRatio = input.nightRsOverRso ?? NIGHT_RS_OVER_RSO_ARID;
  const rsOverRso = rso > 0 ? Math.min(1, Math.max(0, rs / rso)) : nightRatio;
  const rns = netShortwaveRadiation(rs);
  const rnl = netLongwaveRadiationHourly(t, ea, rsOverRso);
  const rn = rns - rnl;

  const g = hourlySoilHeatFlux(rn, sunUp);
  const terms = et0Terms(input, pressure, t, { es, ea, ra, rso, rs, rns, rnl, g });
  return {
    ...terms,
    et0MmPerHour: penmanMonteith(terms, t, 37),
    daytime: sunUp,
    rsOverRso,
  };
}
