/**
 * FAO-56 reference evapotranspiration (Allen, Pereira, Raes & Smith 1998, FAO Irrigation and
 * Drainage Paper 56, chapters 3–4); each function names its equation, and et0.test.ts reproduces
 * the book's Examples 17, 18 and 19. Units are FAO's: kPa, °C, MJ m⁻², m/s, mm. A date comes in as
 * its day of the year J (1…366); `dayOfYear` turns a YYYY-MM-DD string into it without a clock.
 *
 * Not formulas.ts' `saturationVapourPressure`: that is the WMO Magnus formula (hPa; 6.112, 17.62,
 * 243.12), not FAO eq. 11 (kPa; 0.6108, 17.27, 237.3). They differ by up to 0.25 % over 0–40 °C,
 * enough to move Example 18's printed es − ea 0.589 to 0.588; Δ (eq. 13, 4098 = 17.27 × 237.3) is
 * eq. 11's derivative. Penman–Monteith was calibrated with eq. 11, so it is eq. 11 here.
 */

/** Solar constant Gsc (MJ m⁻² min⁻¹), FAO-56 eq. 21. */
export const SOLAR_CONSTANT_MJ_PER_M2_MIN = 0.082;
/** Stefan–Boltzmann constant (MJ K⁻⁴ m⁻² day⁻¹), FAO-56 eq. 39; per hour FAO prints 2.043e-10. */
export const STEFAN_BOLTZMANN_MJ_PER_DAY = 4.903e-9;
export const STEFAN_BOLTZMANN_MJ_PER_HOUR = 2.043e-10;
/** Albedo of the hypothetical grass reference crop, FAO-56 eq. 38. */
export const REFERENCE_ALBEDO = 0.23;
/** Hargreaves' adjustment kRs (°C⁻⁰·⁵), FAO-56 eq. 50: interior and coastal locations. */
export const KRS_INTERIOR = 0.16;
export const KRS_COASTAL = 0.19;
/** Ångström coefficients as and bs, FAO-56 eq. 35, where no calibration exists. */
export const ANGSTROM_AS = 0.25;
export const ANGSTROM_BS = 0.5;
/**
 * FAO's rough night-time Rs/Rso for hourly Rnl (notes to eq. 39) when the ratio of the hour 2–3 h
 * before sunset is not at hand: 0.4–0.6 humid, 0.7–0.8 arid; Example 19 (arid) uses 0.8.
 */
export const NIGHT_RS_OVER_RSO_ARID = 0.8;
export const NIGHT_RS_OVER_RSO_HUMID = 0.5;

const degreesToRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/**
 * Day of the year J (1…366) of a YYYY-MM-DD date, Gregorian leap years; FAO-56 eqs. 23–25 and 32
 * take J. Throws on a string that is not a calendar date, which is a programming error.
 */
export function dayOfYear(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (match === null) throw new Error(`Not a YYYY-MM-DD date: ${isoDate}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  const days = monthDays[month - 1];
  if (days === undefined || day < 1 || day > days) throw new Error(`Not a date: ${isoDate}`);
  return monthDays.slice(0, month - 1).reduce((sum, d) => sum + d, 0) + day;
}

/** Atmospheric pressure P (kPa) at an elevation (m above sea level), FAO-56 eq. 7. */
export function atmosphericPressureKpa(elevationMetres: number): number {
  return 101.3 * ((293 - 0.0065 * elevationMetres) / 293) ** 5.26;
}

/** Psychrometric constant γ (kPa °C⁻¹) from the pressure (kPa), FAO-56 eq. 8: 0.665e-3 · P. */
export function psychrometricConstantKpaPerC(pressureKpa: number): number {
  return 0.665e-3 * pressureKpa;
}

/** Saturation vapour pressure e°(T) (kPa) at a temperature (°C), FAO-56 eq. 11 (see the header). */
export function fao56SaturationVapourPressureKpa(celsius: number): number {
  return 0.6108 * Math.exp((17.27 * celsius) / (celsius + 237.3));
}

/** Slope Δ (kPa °C⁻¹) of the saturation vapour pressure curve at a temperature (°C), FAO-56 eq. 13. */
export function saturationSlopeKpaPerC(celsius: number): number {
  return (4098 * fao56SaturationVapourPressureKpa(celsius)) / (celsius + 237.3) ** 2;
}

/**
 * Mean saturation vapour pressure es (kPa), FAO-56 eq. 12: the mean of e° at Tmax and Tmin, not
 * e° of the mean temperature, because e° is convex and the latter underestimates es.
 */
export function meanSaturationVapourPressureKpa(tMaxCelsius: number, tMinCelsius: number): number {
  const e = fao56SaturationVapourPressureKpa;
  return (e(tMaxCelsius) + e(tMinCelsius)) / 2;
}

/** Actual vapour pressure ea (kPa) from Tmax, Tmin (°C), RHmax, RHmin (%), FAO-56 eq. 17. */
export function actualVapourPressureFromRhKpa(
  tMax: number,
  tMin: number,
  rhMax: number,
  rhMin: number,
): number {
  const e = fao56SaturationVapourPressureKpa;
  return (e(tMin) * (rhMax / 100) + e(tMax) * (rhMin / 100)) / 2;
}

/** Actual vapour pressure ea (kPa) of one hour from its mean temperature and RH (%), FAO-56 eq. 54. */
export function hourlyActualVapourPressureKpa(celsius: number, rhPercent: number): number {
  return fao56SaturationVapourPressureKpa(celsius) * (rhPercent / 100);
}

/** ea (kPa) with no humidity data, FAO-56 eq. 48: Tdew ≈ Tmin, as under a well-watered crop. */
export function actualVapourPressureFromTminKpa(tMinCelsius: number): number {
  return fao56SaturationVapourPressureKpa(tMinCelsius);
}

/**
 * Wind speed at 2 m (m/s) from a reading at height z (m), the logarithmic profile of FAO-56 eq.
 * 47: u2 = uz · 4.87 / ln(67.8 z − 5.42). A reading at 2 m is returned as it is: the rounded
 * constants give a factor of 1.0002 there, and nothing needs converting.
 */
export function windSpeedAt2m(windSpeedMetresPerSecond: number, heightMetres: number): number {
  if (heightMetres === 2) return windSpeedMetresPerSecond;
  return (windSpeedMetresPerSecond * 4.87) / Math.log(67.8 * heightMetres - 5.42);
}

/** Inverse relative Earth–Sun distance dr, FAO-56 eq. 23. */
export function inverseRelativeDistance(dayOfYear: number): number {
  return 1 + 0.033 * Math.cos(((2 * Math.PI) / 365) * dayOfYear);
}

/** Solar declination δ (rad), FAO-56 eq. 24. */
export function solarDeclinationRad(dayOfYear: number): number {
  return 0.409 * Math.sin(((2 * Math.PI) / 365) * dayOfYear - 1.39);
}

/** Sunset hour angle ωs (rad), FAO-56 eq. 25; arccos clamped so polar day/night give π/0, not NaN. */
export function sunsetHourAngleRad(latitudeDegrees: number, dayOfYear: number): number {
  const x = -Math.tan(degreesToRadians(latitudeDegrees)) * Math.tan(solarDeclinationRad(dayOfYear));
  return Math.acos(Math.min(1, Math.max(-1, x)));
}

/** Daylight hours N, FAO-56 eq. 34: N = 24/π · ωs. */
export function daylightHours(latitudeDegrees: number, dayOfYear: number): number {
  return (24 / Math.PI) * sunsetHourAngleRad(latitudeDegrees, dayOfYear);
}

/** Extraterrestrial radiation Ra of a day (MJ m⁻² day⁻¹), FAO-56 eq. 21 with eqs. 23, 24, 25. */
export function extraterrestrialRadiationDaily(latitudeDegrees: number, dayOfYear: number): number {
  const phi = degreesToRadians(latitudeDegrees);
  const delta = solarDeclinationRad(dayOfYear);
  const omegaS = sunsetHourAngleRad(latitudeDegrees, dayOfYear);
  return (
    ((24 * 60) / Math.PI) *
    SOLAR_CONSTANT_MJ_PER_M2_MIN *
    inverseRelativeDistance(dayOfYear) *
    (omegaS * Math.sin(phi) * Math.sin(delta) + Math.cos(phi) * Math.cos(delta) * Math.sin(omegaS))
  );
}

/** Seasonal correction Sc of solar time (hours), FAO-56 eqs. 32 and 33. */
export function seasonalCorrectionHours(dayOfYear: number): number {
  const b = (2 * Math.PI * (dayOfYear - 81)) / 364;
  return 0.1645 * Math.sin(2 * b) - 0.1255 * Math.cos(b) - 0.025 * Math.sin(b);
}

/**
 * Solar time angle ω (rad) at the midpoint of a period, FAO-56 eq. 31, from the standard (not
 * daylight-saving) clock time at the period's middle (14.5 for 14:00–15:00). Longitudes are FAO's,
 * degrees WEST of Greenwich: Lm of the site, Lz of the time zone's centre (0 Greenwich, 75 US
 * Eastern, 345 Central European). Lz − Lm is folded into [−180, 180), else a site at 1°W in a
 * zone centred at 15°E (Lz 345, Lm 1) would look 344° away.
 */
export function solarTimeAngleRad(clockHour: number, j: number, lm: number, lz: number): number {
  const lzMinusLm = ((((lz - lm) % 360) + 540) % 360) - 180;
  return (Math.PI / 12) * (clockHour + 0.06667 * lzMinusLm + seasonalCorrectionHours(j) - 12);
}

/** Where and when an hourly (or shorter) period is, for FAO-56 eq. 28. */
export interface PeriodPosition {
  dayOfYear: number;
  latitudeDegrees: number;
  /** Lm, degrees west of Greenwich (FAO's convention). */
  longitudeDegreesWest: number;
  /** Lz, degrees west of Greenwich, of the centre of the local standard time zone. */
  timeZoneCentreDegreesWest: number;
  /** Standard clock time at the middle of the period (14.5 for 14:00–15:00). */
  clockHourMidpoint: number;
  /** Length of the period t1 in hours: 1 for hourly, 0.5 for half-hourly. */
  periodHours?: number;
}

/** Ra of a period (MJ m⁻² per period), ω (eq. 31) and ωs (rad), and whether the sun is up in it. */
export interface PeriodRadiation {
  raMjPerM2: number;
  solarTimeAngleRad: number;
  sunsetHourAngleRad: number;
  sunUp: boolean;
}

/**
 * Extraterrestrial radiation Ra of an hour or shorter period (MJ m⁻² per period), FAO-56 eq. 28
 * with eqs. 29–33. The ends ω1, ω2 (eqs. 29, 30) are held to [−ωs, ωs]: Ra is zero with the sun
 * below the horizon (FAO), so the sunrise and sunset hours count only their sunlit part.
 */
export function extraterrestrialRadiationPeriod(position: PeriodPosition): PeriodRadiation {
  const { dayOfYear: j, latitudeDegrees } = position;
  const t1 = position.periodHours ?? 1;
  const phi = degreesToRadians(latitudeDegrees);
  const delta = solarDeclinationRad(j);
  const omegaS = sunsetHourAngleRad(latitudeDegrees, j);
  const {
    clockHourMidpoint: clock,
    longitudeDegreesWest: lm,
    timeZoneCentreDegreesWest: lz,
  } = position;
  const omega = solarTimeAngleRad(clock, j, lm, lz);
  // Fold ω into (−π, π] so that a clock hour near midnight lands on the night side.
  const omegaFolded = Math.atan2(Math.sin(omega), Math.cos(omega));
  const omega1 = Math.max(-omegaS, omegaFolded - (Math.PI * t1) / 24);
  const omega2 = Math.min(omegaS, omegaFolded + (Math.PI * t1) / 24);
  const sunUp = omega2 > omega1;
  const raMjPerM2 = sunUp
    ? ((12 * 60) / Math.PI) *
      SOLAR_CONSTANT_MJ_PER_M2_MIN *
      inverseRelativeDistance(j) *
      ((omega2 - omega1) * Math.sin(phi) * Math.sin(delta) +
        Math.cos(phi) * Math.cos(delta) * (Math.sin(omega2) - Math.sin(omega1)))
    : 0;
  return { raMjPerM2, solarTimeAngleRad: omega, sunsetHourAngleRad: omegaS, sunUp };
}

/**
 * Whether an hour is FAO's "2–3 hours before sunset" (chapter 3, notes to eq. 39): ωs − 0.79 ≤ ω
 * ≤ ωs − 0.52. Its Rs/Rso stands for the cloudiness of the following night in hourly Rnl.
 */
export function isTwoToThreeHoursBeforeSunset(omega: number, omegaS: number): boolean {
  return omega >= omegaS - 0.79 && omega <= omegaS - 0.52;
}

/** Clear-sky solar radiation Rso (same unit as Ra), FAO-56 eq. 37: (0.75 + 2·10⁻⁵ z) Ra. */
export function clearSkyRadiation(ra: number, elevationMetres: number): number {
  return (0.75 + 2e-5 * elevationMetres) * ra;
}

/** Rs (same unit as Ra) from sunshine hours n and daylight hours N, Ångström, FAO-56 eq. 35. */
export function solarRadiationFromSunshine(ra: number, n: number, daylightN: number): number {
  return (ANGSTROM_AS + (ANGSTROM_BS * n) / daylightN) * ra;
}

/**
 * Solar radiation Rs from the temperature range (same unit as Ra), Hargreaves' radiation formula,
 * FAO-56 eq. 50: kRs · √(Tmax − Tmin) · Ra; kRs 0.16 interior, 0.19 coastal. A negative range
 * (bad data) counts as none rather than NaN.
 */
export function solarRadiationFromTemperature(
  ra: number,
  tMax: number,
  tMin: number,
  kRs = KRS_INTERIOR,
): number {
  return kRs * Math.sqrt(Math.max(0, tMax - tMin)) * ra;
}

/** Net shortwave radiation Rns, FAO-56 eq. 38: (1 − α) Rs, α = 0.23 for the grass reference. */
export function netShortwaveRadiation(rs: number, albedo: number = REFERENCE_ALBEDO): number {
  return (1 - albedo) * rs;
}

/** The cloudiness term of FAO-56 eq. 39, Rs/Rso held to ≤ 1.0 as FAO says (≥ 0 for dusk noise). */
function cloudinessFactor(rsOverRso: number): number {
  return 1.35 * Math.min(1, Math.max(0, rsOverRso)) - 0.35;
}

/**
 * Net longwave radiation Rnl of a day (MJ m⁻² day⁻¹), FAO-56 eq. 39: the mean of σT⁴ at Tmax and
 * Tmin (K = °C + 273.16, as FAO), times the humidity term (0.34 − 0.14√ea) and the cloudiness
 * term (1.35 Rs/Rso − 0.35).
 */
export function netLongwaveRadiationDaily(
  tMax: number,
  tMin: number,
  eaKpa: number,
  rs: number,
  rso: number,
): number {
  const sigmaT4 = (STEFAN_BOLTZMANN_MJ_PER_DAY * ((tMax + 273.16) ** 4 + (tMin + 273.16) ** 4)) / 2;
  return sigmaT4 * (0.34 - 0.14 * Math.sqrt(eaKpa)) * cloudinessFactor(rso > 0 ? rs / rso : 0);
}

/**
 * Net longwave radiation Rnl of an hour (MJ m⁻² h⁻¹), FAO-56 eq. 39 with σ per hour and the
 * hour's mean temperature. Rs/Rso is the hour's own while the sun is up; at night (Rso = 0) FAO
 * takes the ratio of the hour 2–3 h before sunset, or roughly 0.4–0.6 humid, 0.7–0.8 arid.
 */
export function netLongwaveRadiationHourly(t: number, eaKpa: number, rsOverRso: number): number {
  const sigmaT4 = STEFAN_BOLTZMANN_MJ_PER_HOUR * (t + 273.16) ** 4;
  return sigmaT4 * (0.34 - 0.14 * Math.sqrt(eaKpa)) * cloudinessFactor(rsOverRso);
}

/** Soil heat flux G of a day: 0, FAO-56 eq. 42; under grass the day's heating and night's cooling cancel. */
export const DAILY_SOIL_HEAT_FLUX = 0;

/** G of a month (MJ m⁻² day⁻¹) from the previous and next months' mean air °C, FAO-56 eq. 43. */
export function monthlySoilHeatFlux(previousC: number, nextC: number): number {
  return 0.07 * (nextC - previousC);
}

/** G of a month (MJ m⁻² day⁻¹) from the previous and this month's mean air °C, FAO-56 eq. 44. */
export function monthlySoilHeatFluxFromPrevious(previousC: number, thisC: number): number {
  return 0.14 * (thisC - previousC);
}

/** Soil heat flux G of an hour (MJ m⁻² h⁻¹), FAO-56 eqs. 45 and 46: 0.1 Rn in daylight, 0.5 Rn at night. */
export function hourlySoilHeatFlux(rnMjPerM2Hour: number, daytime: boolean): number {
  return (daytime ? 0.1 : 0.5) * rnMjPerM2Hour;
}

/** A station's day (or a month's mean day) for FAO-56 eq. 6. Leave out what was not measured. */
export interface DailyEt0Input {
  dayOfYear: number;
  /** φ, decimal degrees, north positive. */
  latitudeDegrees: number;
  elevationMetres: number;
  tMaxCelsius: number;
  tMinCelsius: number;
  /** RHmax and RHmin (%) for eq. 17; ignored when `eaKpa` is given. */
  rhMaxPercent?: number;
  rhMinPercent?: number;
  /** Actual vapour pressure (kPa) when known directly; without it and RH, eq. 48 (Tdew ≈ Tmin). */
  eaKpa?: number;
  windSpeedMetresPerSecond: number;
  /** Height of the anemometer (m); 2 when left out; else eq. 47. */
  windHeightMetres?: number;
  /** Measured Rs (MJ m⁻² day⁻¹). Without it: sunshine hours (eq. 35), else eq. 50 with kRs. */
  solarRadiationMjPerM2Day?: number;
  /** Actual sunshine hours n, for eq. 35. */
  sunshineHours?: number;
  /** kRs of eq. 50: 0.16 interior (default), 0.19 coastal. */
  kRs?: number;
  /** Measured pressure (kPa); without it, eq. 7 from the elevation. */
  pressureKpa?: number;
  /** G (MJ m⁻² day⁻¹): 0 for a day (eq. 42, default); eq. 43 or 44 for a month. */
  soilHeatFluxMjPerM2Day?: number;
}

/**
 * What an ET0 came from: each term of FAO-56 eq. 6 or 53. Radiation and G (`…Mj`) are in MJ m⁻²
 * over the period: per day for `dailyEt0`, per hour for `hourlyEt0`.
 */
export interface Et0Terms {
  pressureKpa: number;
  pressureSource: 'measured' | 'elevation';
  gammaKpaPerC: number;
  deltaKpaPerC: number;
  esKpa: number;
  eaKpa: number;
  vapourPressureDeficitKpa: number;
  u2MetresPerSecond: number;
  raMj: number;
  rsoMj: number;
  rsMj: number;
  rnsMj: number;
  rnlMj: number;
  rnMj: number;
  gMj: number;
}

export interface DailyEt0Result extends Et0Terms {
  /** ET0 (mm/day), never negative. */
  et0MmPerDay: number;
  tMeanCelsius: number;
  eaSource: 'given' | 'rh' | 'tmin';
  rsSource: 'measured' | 'sunshine' | 'temperature';
}

/**
 * Penman–Monteith for the grass reference, FAO-56 eqs. 6 and 53, which differ only in the
 * aerodynamic coefficient: 900 for a day (mm/day), 37 for an hour (mm/h, 900/24 rounded).
 * Temperatures in K are °C + 273 here, as FAO prints them.
 */
export function penmanMonteith(terms: Et0Terms, celsius: number, coefficient: 900 | 37): number {
  const { deltaKpaPerC: delta, gammaKpaPerC: gamma, u2MetresPerSecond: u2 } = terms;
  return (
    (0.408 * delta * (terms.rnMj - terms.gMj) +
      gamma * (coefficient / (celsius + 273)) * u2 * terms.vapourPressureDeficitKpa) /
    (delta + gamma * (1 + 0.34 * u2))
  );
}

/** The terms eq. 6 and eq. 53 share, from the period's vapour pressures and radiation. */
export function et0Terms(
  station: { pressureKpa?: number; windSpeedMetresPerSecond: number; windHeightMetres?: number },
  pressure: number,
  tCelsius: number,
  v: {
    es: number;
    ea: number;
    ra: number;
    rso: number;
    rs: number;
    rns: number;
    rnl: number;
    g: number;
  },
): Et0Terms {
  return {
    pressureKpa: pressure,
    pressureSource: station.pressureKpa !== undefined ? 'measured' : 'elevation',
    gammaKpaPerC: psychrometricConstantKpaPerC(pressure),
    deltaKpaPerC: saturationSlopeKpaPerC(tCelsius),
    esKpa: v.es,
    eaKpa: v.ea,
    vapourPressureDeficitKpa: v.es - v.ea,
    u2MetresPerSecond: windSpeedAt2m(
      station.windSpeedMetresPerSecond,
      station.windHeightMetres ?? 2,
    ),
    raMj: v.ra,
    rsoMj: v.rso,
    rsMj: v.rs,
    rnsMj: v.rns,
    rnlMj: v.rnl,
    rnMj: v.rns - v.rnl,
    gMj: v.g,
  };
}

/**
 * Daily (or monthly-mean) grass reference evapotranspiration, FAO-56 eq. 6 at the mean of Tmax
 * and Tmin (eq. 9), with every term returned so a day's ET0 can be explained. Held at 0 or more:
 * a negative day would be condensation, which a water balance must not credit as rain.
 */
export function dailyEt0(input: DailyEt0Input): DailyEt0Result {
  const { dayOfYear: j, latitudeDegrees, elevationMetres, tMaxCelsius, tMinCelsius } = input;
  const tMean = (tMaxCelsius + tMinCelsius) / 2;
  const pressure = input.pressureKpa ?? atmosphericPressureKpa(elevationMetres);
  const es = meanSaturationVapourPressureKpa(tMaxCelsius, tMinCelsius);
  const { rhMaxPercent: rhMax, rhMinPercent: rhMin } = input;
  const [ea, eaSource]: [number, DailyEt0Result['eaSource']] =
    input.eaKpa !== undefined
      ? [input.eaKpa, 'given']
      : rhMax !== undefined && rhMin !== undefined
        ? [actualVapourPressureFromRhKpa(tMaxCelsius, tMinCelsius, rhMax, rhMin), 'rh']
        : [actualVapourPressureFromTminKpa(tMinCelsius), 'tmin'];

  const ra = extraterrestrialRadiationDaily(latitudeDegrees, j);
  const rso = clearSkyRadiation(ra, elevationMetres);
  const [rs, rsSource]: [number, DailyEt0Result['rsSource']] =
    input.solarRadiationMjPerM2Day !== undefined
      ? [input.solarRadiationMjPerM2Day, 'measured']
      : input.sunshineHours !== undefined
        ? [
            solarRadiationFromSunshine(ra, input.sunshineHours, daylightHours(latitudeDegrees, j)),
            'sunshine',
          ]
        : [
            solarRadiationFromTemperature(ra, tMaxCelsius, tMinCelsius, input.kRs ?? KRS_INTERIOR),
            'temperature',
          ];
  const rns = netShortwaveRadiation(rs);
  const rnl = netLongwaveRadiationDaily(tMaxCelsius, tMinCelsius, ea, rs, rso);

  const g = input.soilHeatFluxMjPerM2Day ?? DAILY_SOIL_HEAT_FLUX;
  const terms = et0Terms(input, pressure, tMean, { es, ea, ra, rso, rs, rns, rnl, g });
  const et0MmPerDay = Math.max(0, penmanMonteith(terms, tMean, 900));
  return { ...terms, et0MmPerDay, tMeanCelsius: tMean, eaSource, rsSource };
}
