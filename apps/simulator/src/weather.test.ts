import { describe, expect, it } from 'vitest';
import {
  season,
  solarHour,
  solarRadiation,
  soilTemperatureAt,
  waterBalance,
  weatherAt,
} from './weather.ts';

const hawkesBay = { lat: -39.6, lng: 176.8 };
const HOUR = 3_600_000;

/** The UTC instant of a local solar hour on a day at a place. */
function atSolarHour(place: { lng: number }, day: Date, hour: number): Date {
  return new Date(day.getTime() + (hour - place.lng / 15) * HOUR);
}

function days(start: Date, count: number): Date[] {
  return Array.from({ length: count }, (_, i) => new Date(start.getTime() + i * 24 * HOUR));
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('virtual weather', () => {
  it('gives a pyranometer no radiation at night and a summer day more than a winter one', () => {
    const total = (day: Date) =>
      mean(
        Array.from({ length: 48 }, (_, i) => {
          const time = atSolarHour(hawkesBay, day, i / 2);
          return solarRadiation(hawkesBay, time, weatherAt(hawkesBay, time, 7).solar);
        }),
      ) * 0.0864;
    const midnight = atSolarHour(hawkesBay, new Date('2026-01-10T00:00:00Z'), 0);
    expect(solarRadiation(hawkesBay, midnight, weatherAt(hawkesBay, midnight, 7).solar)).toBe(0);
    const summer = mean(days(new Date('2026-01-05T00:00:00Z'), 20).map(total));
    const winter = mean(days(new Date('2026-07-05T00:00:00Z'), 20).map(total));
    // MJ m⁻² d⁻¹: below FAO-56's clear-sky Rso there (about 32 in January, 10 in July).
    expect(summer).toBeGreaterThan(winter);
    expect(summer).toBeLessThan(32);
    expect(winter).toBeGreaterThan(2);
  });

  it('reads local solar time from the longitude', () => {
    const noonUtc = new Date('2026-01-10T12:00:00Z');
    expect(solarHour({ lat: 0, lng: 0 }, noonUtc)).toBeCloseTo(12);
    expect(solarHour({ lat: 0, lng: 90 }, noonUtc)).toBeCloseTo(18);
    expect(solarHour({ lat: 0, lng: -90 }, noonUtc)).toBeCloseTo(6);
    expect(
      solarHour(hawkesBay, atSolarHour(hawkesBay, new Date('2026-01-10T00:00:00Z'), 15)),
    ).toBeCloseTo(15);
  });

  it('puts summer in January in the south and in July in the north', () => {
    expect(season(hawkesBay, new Date('2026-01-20T00:00:00Z'))).toBeGreaterThan(0.95);
    expect(season(hawkesBay, new Date('2026-07-20T00:00:00Z'))).toBeLessThan(-0.95);
    expect(season({ lat: 45, lng: 0 }, new Date('2026-07-20T00:00:00Z'))).toBeGreaterThan(0.95);
    const january = days(new Date('2026-01-01T00:00:00Z'), 30).map(
      (day) => weatherAt(hawkesBay, atSolarHour(hawkesBay, day, 15), 1).temperature,
    );
    const july = days(new Date('2026-07-01T00:00:00Z'), 30).map(
      (day) => weatherAt(hawkesBay, atSolarHour(hawkesBay, day, 15), 1).temperature,
    );
    expect(mean(january) - mean(july)).toBeGreaterThan(8);
  });

  it('warms through the day and falls back at night, humidity the other way round', () => {
    for (const day of days(new Date('2026-02-01T00:00:00Z'), 20)) {
      const dawn = weatherAt(hawkesBay, atSolarHour(hawkesBay, day, 4), 5);
      const afternoon = weatherAt(hawkesBay, atSolarHour(hawkesBay, day, 15), 5);
      expect(afternoon.temperature).toBeGreaterThan(dawn.temperature);
      expect(afternoon.humidity).toBeLessThan(dawn.humidity);
      expect(afternoon.solar).toBeGreaterThan(0);
      expect(dawn.solar).toBe(0);
      expect(afternoon.evapotranspiration).toBeGreaterThan(dawn.evapotranspiration);
    }
  });

  it('keeps every quantity in its physical range and the same for the same hour and seed', () => {
    for (let hour = 0; hour < 24 * 365; hour += 7) {
      const time = new Date(Date.UTC(2026, 0, 1) + hour * HOUR);
      const weather = weatherAt(hawkesBay, time, 9);
      expect(weather.humidity).toBeGreaterThan(0);
      expect(weather.humidity).toBeLessThanOrEqual(100);
      expect(weather.dewPoint).toBeLessThan(weather.temperature);
      expect(weather.windSpeed).toBeGreaterThanOrEqual(0);
      expect(weather.windDirection).toBeGreaterThanOrEqual(0);
      expect(weather.windDirection).toBeLessThan(360);
      expect(weather.rainRate).toBeGreaterThanOrEqual(0);
      expect(weather.cloud).toBeGreaterThanOrEqual(0);
      expect(weather.cloud).toBeLessThanOrEqual(1);
      expect(weather.airDensity).toBeGreaterThan(1.1);
      expect(weather.airDensity).toBeLessThan(1.35);
      expect(weather.canopyTemperature).toBeLessThanOrEqual(weather.temperature);
    }
    const time = new Date('2026-05-05T05:05:00Z');
    expect(weatherAt(hawkesBay, time, 9)).toEqual(weatherAt(hawkesBay, time, 9));
    expect(weatherAt(hawkesBay, time, 9).temperature).not.toBe(
      weatherAt(hawkesBay, time, 10).temperature,
    );
  });

  it('rains now and then, and the air is near saturation while it does', () => {
    const hours = Array.from({ length: 24 * 365 }, (_, hour) =>
      weatherAt(hawkesBay, new Date(Date.UTC(2026, 0, 1) + hour * HOUR), 4),
    );
    const wet = hours.filter((weather) => weather.rainRate > 0);
    expect(wet.length).toBeGreaterThan(24 * 365 * 0.03);
    expect(wet.length).toBeLessThan(24 * 365 * 0.4);
    expect(mean(wet.map((weather) => weather.humidity))).toBeGreaterThan(90);
    const { rainMm } = waterBalance(
      hawkesBay,
      new Date('2026-01-01T00:00:00Z'),
      new Date('2027-01-01T00:00:00Z'),
      4,
    );
    expect(rainMm).toBeGreaterThan(200);
    expect(rainMm).toBeLessThan(3000);
  });

  it('has frosty canopies on some winter nights and none in summer', () => {
    const canopyMinimum = (month: number) =>
      Math.min(
        ...Array.from(
          { length: 24 * 60 },
          (_, hour) =>
            weatherAt(hawkesBay, new Date(Date.UTC(2026, month, 1) + hour * HOUR), 42)
              .canopyTemperature,
        ),
      );
    expect(canopyMinimum(5)).toBeLessThan(0.5);
    expect(canopyMinimum(0)).toBeGreaterThan(3);
  });

  it('keeps the soil temperature within the air temperature swing of the day', () => {
    for (const day of days(new Date('2026-03-01T00:00:00Z'), 10)) {
      const noon = atSolarHour(hawkesBay, day, 12);
      const soil = soilTemperatureAt(hawkesBay, noon, 2);
      const weather = weatherAt(hawkesBay, noon, 2);
      expect(Math.abs(soil - weather.dailyMean)).toBeLessThanOrEqual(
        weather.dailyAmplitude * 0.25 + 1e-9,
      );
    }
  });
});
