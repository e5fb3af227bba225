/**
 * The virtual farm's weather: a pure function of place, time and seed. Temperature follows the
 * season and the local solar day, with weather systems passing every day or two; humidity comes
 * from the dew point, so it falls as the day warms; clouds bring rain and damp the daily swing;
 * clear calm nights are the frosty ones. Southern sites get their summer in January.
 */
import { smoothNoise } from './random.ts';

export type Place = { lat: number; lng: number };

export type Weather = {
  /** Air temperature (°C). */
  temperature: number;
  /** Temperature without the day's swing (°C): what the soil a hand deep follows. */
  dailyMean: number;
  /** Half the day's swing (°C) today. */
  dailyAmplitude: number;
  dewPoint: number;
  /** Relative humidity (%). */
  humidity: number;
  /** kph, as §9 shows wind. */
  windSpeed: number;
  /** Degrees the wind comes from. */
  windDirection: number;
  /** Rain falling now (mm/h). */
  rainRate: number;
  /** Sea-level pressure (hPa). */
  pressure: number;
  /** kg/m³. */
  airDensity: number;
  /** Sunshine reaching the ground, 0 (night) to 1 (clear noon). */
  solar: number;
  /** Cloud cover, 0 to 1. */
  cloud: number;
  /** Reference evapotranspiration now (mm/h). */
  evapotranspiration: number;
  /**
   * Canopy temperature (°C): on clear calm nights the canopy radiates its heat away and sits
   * below the air, which is what frost fans fight by mixing warmer air down.
   */
  canopyTemperature: number;
  /**
   * Air at the top of a frost fan's tower (°C): on the same nights an inversion holds warmer air
   * up there; the fan's worth is this minus the canopy.
   */
  towerTemperature: number;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const YEAR_DAYS = 365.25;

/** Local solar time (0–24 h) at a longitude: noon is when the sun is highest, whatever the zone. */
export function solarHour(place: Place, time: Date): number {
  const utcHours = (time.getTime() % DAY_MS) / HOUR_MS;
  return (((utcHours + place.lng / 15) % 24) + 24) % 24;
}

/** -1 (mid-winter) to 1 (mid-summer) for the hemisphere of the place. */
export function season(place: Place, time: Date): number {
  const dayOfYear = (time.getTime() - Date.UTC(time.getUTCFullYear(), 0, 1)) / DAY_MS;
  // The warmest days come about three weeks after the solstice.
  const warmest = place.lat < 0 ? 20 : 202;
  return Math.cos((2 * Math.PI * (dayOfYear - warmest)) / YEAR_DAYS);
}

/** Saturation vapour pressure (hPa), Magnus formula. */
function saturation(celsius: number): number {
  return 6.112 * Math.exp((17.62 * celsius) / (243.12 + celsius));
}

export function weatherAt(place: Place, time: Date, seed: number): Weather {
  const hours = time.getTime() / HOUR_MS;
  const hour = solarHour(place, time);
  const seasonal = season(place, time);

  // Clouds drift in with weather systems; above 0.78 cover it rains, harder the thicker.
  const cloud = Math.min(
    1,
    Math.max(
      0,
      0.45 + 0.5 * smoothNoise(seed + 2, hours / 20) + 0.1 * smoothNoise(seed + 3, hours / 3),
    ),
  );
  const rainRate =
    cloud > 0.78 ? ((cloud - 0.78) / 0.22) * (2.5 + 2 * smoothNoise(seed + 4, hours / 1.5)) : 0;

  // The day's swing, largest in summer and under clear skies; coldest near dawn, warmest at 3 pm.
  const annualMean = 27 - 0.35 * Math.abs(place.lat);
  const synoptic = 4 * smoothNoise(seed, hours / 30) + 0.4 * smoothNoise(seed + 1, hours / 1.5);
  const dailyMean = annualMean + 5.5 * seasonal + synoptic;
  const dailyAmplitude = (6.5 + seasonal) * (1 - 0.55 * cloud);
  const diurnal = Math.cos((2 * Math.PI * (hour - 15)) / 24);
  const temperature = dailyMean + dailyAmplitude * diurnal;

  // Dry clear air has a low dew point; rain saturates it.
  const depression = rainRate > 0 ? 0.4 : 2.5 + 5 * (1 - cloud) + smoothNoise(seed + 5, hours / 6);
  const dewPoint = Math.min(dailyMean - dailyAmplitude * 0.6 - depression + 3, temperature - 0.2);
  const humidity = Math.min(100, (100 * saturation(dewPoint)) / saturation(temperature));

  // Afternoons blow, nights go calm; gusty weather comes with the systems.
  const windSpeed = Math.max(
    0,
    8 +
      6 * Math.max(0, diurnal) +
      7 * smoothNoise(seed + 6, hours / 12) +
      2 * smoothNoise(seed + 7, hours * 4),
  );
  const windDirection =
    (((270 + 120 * smoothNoise(seed + 8, hours / 24) + 20 * smoothNoise(seed + 9, hours * 2)) %
      360) +
      360) %
    360;

  const pressure = 1013 + 10 * smoothNoise(seed + 10, hours / 48) - 8 * (cloud - 0.5);
  const airDensity = (pressure * 100) / (287.05 * (temperature + 273.15));
  const solar = Math.max(0, Math.sin((Math.PI * (hour - 6)) / 12)) * (1 - 0.7 * cloud);
  const evapotranspiration = Math.max(
    0,
    0.75 * solar * (0.4 + Math.max(temperature, 0) / 30) + 0.005 * windSpeed * (1 - humidity / 100),
  );
  // Radiative cooling: up to 3 °C on a clear night with no wind to stir the air.
  const night = solar === 0 ? 1 : 0;
  const stillClear = night * (1 - cloud) * Math.max(0, 1 - windSpeed / 15);
  const canopyTemperature = temperature - 3 * stillClear;
  const towerTemperature = temperature + 1.5 * stillClear;

  return {
    temperature,
    dailyMean,
    dailyAmplitude,
    dewPoint,
    humidity,
    windSpeed,
    windDirection,
    rainRate,
    pressure,
    airDensity,
    solar,
    cloud,
    evapotranspiration,
    canopyTemperature,
    towerTemperature,
  };
}

/**
 * Global solar radiation on the ground (W/m², what a pyranometer reads) from the sunshine term:
 * about 1,000 W/m² at a clear summer noon and 400 at a clear winter one, so a clear day's total
 * comes near FAO-56's clear-sky radiation at mid latitudes and ET0 from it is believable.
 */
export function solarRadiation(place: Place, time: Date, solar: number): number {
  return solar * (700 + 300 * season(place, time));
}

/** Soil temperature a hand deep (°C): the day's mean with a small swing three hours late. */
export function soilTemperatureAt(place: Place, time: Date, seed: number): number {
  const weather = weatherAt(place, time, seed);
  const lagged = Math.cos((2 * Math.PI * (solarHour(place, time) - 18)) / 24);
  return weather.dailyMean + 0.25 * weather.dailyAmplitude * lagged;
}

/** Rain and reference evapotranspiration (mm) between two times, summed in five-minute steps. */
export function waterBalance(
  place: Place,
  from: Date,
  to: Date,
  seed: number,
): { rainMm: number; evapotranspirationMm: number } {
  const step = 5 * 60_000;
  let rainMm = 0;
  let evapotranspirationMm = 0;
  for (let start = from.getTime(); start < to.getTime(); start += step) {
    const end = Math.min(start + step, to.getTime());
    const weather = weatherAt(place, new Date((start + end) / 2), seed);
    const hours = (end - start) / HOUR_MS;
    rainMm += weather.rainRate * hours;
    evapotranspirationMm += weather.evapotranspiration * hours;
  }
  return { rainMm, evapotranspirationMm };
}
