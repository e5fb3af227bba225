import { describe, expect, it } from 'vitest';
import { stepFrostFan, newFanState } from './fan.ts';
import {
  FROST_NIGHT_HOURS,
  FROST_NIGHT_SUNRISE_HOUR,
  frostNightInputSchema,
  frostNightWeather,
  newFrostNight,
  nightHour,
  simulatedHours,
} from './frost-night.ts';
import { SIMULATED_FFST } from './radiative-night.ts';
import { seededRandom } from './random.ts';
import { weatherAt } from './weather.ts';

const now = new Date('2026-07-10T02:00:00Z');
const night = newFrostNight(frostNightInputSchema.parse({ minutes: 4 }), 1, now);
const base = weatherAt({ lat: -41.5, lng: 173.9 }, now, 7);
const at = (hour: number) => frostNightWeather(base, night, hour);

describe('compressed frost night', () => {
  it('maps its real minutes onto 16 simulated hours', () => {
    expect(nightHour(night, now)).toBe(0);
    expect(nightHour(night, new Date(now.getTime() + 2 * 60_000))).toBeCloseTo(8);
    expect(nightHour(night, new Date(now.getTime() + 4 * 60_000))).toBeNull();
    const oneMinute = simulatedHours(night, now, new Date(now.getTime() + 60_000));
    expect(oneMinute).toBeCloseTo(FROST_NIGHT_HOURS / 4);
    // Outside the night an hour is an hour.
    const later = new Date(night.endsAt + 3_600_000);
    expect(simulatedHours(night, new Date(night.endsAt), later)).toBeCloseTo(1);
  });

  it('cools the canopy below 0 °C before dawn under an inversion, and recovers after sunrise', () => {
    expect(at(0).canopyTemperature).toBeGreaterThan(5);
    const dawn = at(FROST_NIGHT_SUNRISE_HOUR - 0.1);
    expect(dawn.canopyTemperature).toBeLessThan(-1.5);
    expect(dawn.towerTemperature - dawn.canopyTemperature).toBeGreaterThan(3.5);
    expect(dawn.windSpeed).toBeLessThan(8);
    const morning = at(FROST_NIGHT_HOURS - 0.1);
    expect(morning.canopyTemperature).toBeGreaterThan(6);
    expect(morning.towerTemperature - morning.canopyTemperature).toBeLessThan(0.5);
  });

  it('follows the FFST physics: fast cooling after dusk, the minimum of the formula at sunrise', () => {
    const t2 = at(2);
    const tmin =
      SIMULATED_FFST.a * t2.temperature + SIMULATED_FFST.b * t2.dewPoint + SIMULATED_FFST.c;
    expect(at(FROST_NIGHT_SUNRISE_HOUR).temperature).toBeCloseTo(tmin, 1);
    expect(at(0).temperature - t2.temperature).toBeGreaterThan(2 * 2);
    expect(at(FROST_NIGHT_SUNRISE_HOUR - 2).temperature - tmin).toBeLessThan(2);
  });

  it('runs a fan from its start temperature until after sunrise, burning fuel', () => {
    const random = seededRandom(3);
    let fan = { ...newFanState(random, 7), fuelLevel: 80 };
    let started: number | null = null;
    let stopped: number | null = null;
    let fuelAtStop = 0;
    const step = 0.05;
    for (let hour = 0; hour < FROST_NIGHT_HOURS; hour += step) {
      const was = fan.running;
      fan = stepFrostFan(fan, step, {
        canopyTemperature: at(hour).canopyTemperature,
        airTemperature: at(hour).temperature,
        windSpeed: at(hour).windSpeed,
        solar: at(hour).solar,
      });
      if (!was && fan.running) started ??= hour;
      if (was && !fan.running) {
        stopped = hour;
        fuelAtStop = fan.fuelLevel;
      }
    }
    expect(started).toBeGreaterThan(2);
    expect(started).toBeLessThan(6);
    expect(stopped).toBeGreaterThan(FROST_NIGHT_SUNRISE_HOUR);
    expect(fuelAtStop).toBeLessThan(80 - 30);
    // Left below the warning level, it is refilled the morning after.
    expect(fan.fuelLevel).toBe(100);
  });

  it('blows a wind spell where it is told to', () => {
    const windy = newFrostNight(frostNightInputSchema.parse({ windAt: 0.5 }), 1, now);
    expect(frostNightWeather(base, windy, 8.1).windSpeed).toBeGreaterThan(8);
    expect(frostNightWeather(base, windy, 7.9).windSpeed).toBeLessThan(8);
  });
});
