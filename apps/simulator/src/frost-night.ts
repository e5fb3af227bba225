/**
 * A frost night on demand, compressed in time: from dusk to mid-morning (16 simulated hours) in
 * a few real minutes, so the demo and the tests see fans start, run through the night and stop
 * after sunrise without waiting for a real frost. While it runs, the site's weather is the
 * night's: clear and calm, the canopy radiating its heat away towards -2.5 °C before dawn, an
 * inversion building above it (the tower-top air up to 4 °C warmer), then sunrise warming it all
 * and mixing the inversion away. Pure: the simulator maps real times onto the night.
 */
import { z } from 'zod';
import type { Weather } from './weather.ts';

/** Dusk to mid-morning: 18:00 to 10:00. */
export const FROST_NIGHT_HOURS = 16;
/** Simulated hours from dusk to sunrise (06:45). */
export const FROST_NIGHT_SUNRISE_HOUR = 12.75;
/** Simulated hours of a wind spell, when the night is given one. */
const WIND_SPELL_HOURS = 1 / 3;
/** kph of a wind spell: above the 8 kph a fan shuts down in (frost-fan.ts). */
const WIND_SPELL_KPH = 12;

export const frostNightInputSchema = z
  .object({
    /** The site to give the night to; every site the simulator serves when not given. */
    siteId: z.number().int().positive().optional(),
    /** Real minutes the whole night takes. */
    minutes: z.number().positive().max(60).default(3),
    /** Every device of the site reports this often while the night runs (seconds). */
    reportSeconds: z.number().min(1).max(600).default(3),
    /** Where in the night (0–1) a 20-minute spell of wind comes, stopping the fans; none when not given. */
    windAt: z.number().min(0).max(1).optional(),
    /** The fan controller (sensor id) whose engine faults an hour after it starts. */
    faultFan: z.number().int().positive().optional(),
  })
  .strict();
export type FrostNightInput = z.input<typeof frostNightInputSchema>;

export type FrostNight = {
  siteId: number;
  /** Real times (ms). */
  startsAt: number;
  endsAt: number;
  reportSeconds: number;
  windAt: number | null;
  faultFan: number | null;
};

export function newFrostNight(
  input: z.output<typeof frostNightInputSchema>,
  siteId: number,
  now: Date,
): FrostNight {
  return {
    siteId,
    startsAt: now.getTime(),
    endsAt: now.getTime() + input.minutes * 60_000,
    reportSeconds: input.reportSeconds,
    windAt: input.windAt ?? null,
    faultFan: input.faultFan ?? null,
  };
}

/** How the night is shown to whoever asked for it (the control server's answer). */
export function describeFrostNight(night: FrostNight) {
  const at = (hour: number) => new Date(night.startsAt + hour * realMsPerHour(night)).toISOString();
  return {
    siteId: night.siteId,
    startsAt: at(0),
    sunriseAt: at(FROST_NIGHT_SUNRISE_HOUR),
    endsAt: at(FROST_NIGHT_HOURS),
    simulatedHours: FROST_NIGHT_HOURS,
    reportSeconds: night.reportSeconds,
    windAt: night.windAt,
    faultFan: night.faultFan,
  };
}

function realMsPerHour(night: FrostNight): number {
  return (night.endsAt - night.startsAt) / FROST_NIGHT_HOURS;
}

/** Simulated hours since dusk at a real time, or null outside the night. */
export function nightHour(night: FrostNight, time: Date): number | null {
  const ms = time.getTime();
  if (ms < night.startsAt || ms >= night.endsAt) return null;
  return (ms - night.startsAt) / realMsPerHour(night);
}

/**
 * Simulated hours between two real times: the part inside the night runs at the night's pace,
 * the rest at the clock's. Engine hours and fuel advance by these.
 */
export function simulatedHours(night: FrostNight | null, from: Date, to: Date): number {
  const realHours = (to.getTime() - from.getTime()) / 3_600_000;
  if (!night) return realHours;
  const inside = Math.max(
    0,
    Math.min(to.getTime(), night.endsAt) - Math.max(from.getTime(), night.startsAt),
  );
  return realHours - inside / 3_600_000 + inside / realMsPerHour(night);
}

/** Whether the night's wind spell blows at this simulated hour. */
function windSpell(night: FrostNight, hour: number): boolean {
  if (night.windAt === null) return false;
  const start = night.windAt * FROST_NIGHT_HOURS;
  return hour >= start && hour < start + WIND_SPELL_HOURS;
}

/**
 * The night's weather at a simulated hour, over the site's ordinary weather (its humidity,
 * pressure and wind direction stay). Air at 2 m cools from 7 °C towards -1 °C; the canopy
 * radiates below it by up to 1.8 °C; the inversion puts the tower-top air up to 2.5 °C above
 * the 2 m air. After sunrise the sun warms the air by up to 11 °C and the cooling and the
 * inversion fade within the hour.
 */
export function frostNightWeather(base: Weather, night: FrostNight, hour: number): Weather {
  const sinceSunrise = Math.max(0, hour - FROST_NIGHT_SUNRISE_HOUR);
  const beforeSunrise = Math.min(hour, FROST_NIGHT_SUNRISE_HOUR);
  const sunWarming = 11 * (1 - Math.exp(-sinceSunrise / 2));
  const fade = Math.exp(-sinceSunrise / 0.8);
  const air = -1 + 8 * Math.exp(-beforeSunrise / 4) + sunWarming;
  const windy = windSpell(night, hour);
  // Wind stirs the layers: the radiative cooling and the inversion are blown away while it blows.
  const stillness = windy ? 0.3 : 1;
  const cooling = 1.8 * (1 - Math.exp(-hour / 1.5)) * fade * stillness;
  const inversion = 2.5 * (1 - Math.exp(-hour / 2)) * Math.exp(-sinceSunrise) * stillness;
  const windSpeed = windy ? WIND_SPELL_KPH : 2.5 + 1.5 * Math.abs(Math.sin(hour * 1.7));
  const solar = sinceSunrise > 0 ? Math.min(1, Math.sin((Math.PI * sinceSunrise) / 12) * 1.3) : 0;
  const dewPoint = Math.min(base.dewPoint, air - 0.5);
  return {
    ...base,
    temperature: air,
    dewPoint,
    humidity: Math.min(100, 100 - 5 * (air - dewPoint)),
    windSpeed,
    rainRate: 0,
    cloud: 0,
    solar,
    canopyTemperature: air - cooling,
    towerTemperature: air + inversion,
  };
}
