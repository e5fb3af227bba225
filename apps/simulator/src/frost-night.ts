/**
 * A frost night on demand, compressed in time: from dusk to mid-morning (16 simulated hours) in
 * a few real minutes, so the demo and the tests see fans start, run through the night and stop
 * after sunrise without waiting for a real frost. While it runs, the site's weather is the
 * night's: clear and calm, radiative as the FAO frost forecast models it (radiative-night.ts), the
 * canopy radiating its heat away towards -4.5 °C before dawn, an inversion building above it (the
 * tower-top air some 5 °C warmer than the canopy), then sunrise warming it all and mixing the
 * inversion away. Pure: the simulator maps real times onto the night.
 */
import { z } from 'zod';
import { SIMULATED_FFST, nightTemperatures } from './radiative-night.ts';
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

/** Air at 2 m at dusk (°C) on the compressed night. */
const DUSK_AIR = 10;
/** The night's dew point stays within this (°C): dry enough to frost, whatever the site's day. */
const DEW_POINT_RANGE = { min: -4, max: 2 } as const;

/**
 * The night's weather at a simulated hour, over the site's ordinary weather (its pressure and wind
 * direction stay): a radiative night (radiative-night.ts) from 10 °C at dusk with the site's dew
 * point, so the air at 2 m falls fast to T₂ two hours after dusk, then along the FAO curve to the
 * FFST minimum (SIMULATED_FFST) at sunrise, about −3 °C; the canopy radiates 1.5 °C below it and
 * an inversion builds above it (the tower top some 4 °C above the air by dawn). After sunrise the
 * sun warms it all and the inversion fades within the hour. A wind spell stirs the canopy and the
 * inversion back towards the air while it blows.
 */
export function frostNightWeather(base: Weather, night: FrostNight, hour: number): Weather {
  const sinceSunrise = Math.max(0, hour - FROST_NIGHT_SUNRISE_HOUR);
  const calm = nightTemperatures(
    {
      sunsetAir: DUSK_AIR,
      dewPoint: Math.min(DEW_POINT_RANGE.max, Math.max(DEW_POINT_RANGE.min, base.dewPoint)),
      hours: FROST_NIGHT_SUNRISE_HOUR,
      stillness: 1,
      physics: SIMULATED_FFST,
    },
    hour,
  );
  const windy = windSpell(night, hour);
  const stillness = windy ? 0.3 : 1;
  const air = calm.air;
  const windSpeed = windy ? WIND_SPELL_KPH : 2.5 + 1.5 * Math.abs(Math.sin(hour * 1.7));
  const solar = sinceSunrise > 0 ? Math.min(1, Math.sin((Math.PI * sinceSunrise) / 12) * 1.3) : 0;
  const dewPoint = Math.min(calm.dewPoint, air - 0.2);
  return {
    ...base,
    temperature: air,
    dewPoint,
    humidity: Math.min(100, 100 - 5 * (air - dewPoint)),
    windSpeed,
    rainRate: 0,
    cloud: 0,
    solar,
    canopyTemperature: air - (air - calm.canopy) * stillness,
    towerTemperature: air + (calm.tower - air) * stillness,
  };
}
