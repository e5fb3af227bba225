import { describe, expect, it } from 'vitest';
import { LOAM, nextSoilMoisture } from './soil.ts';

describe('virtual soil moisture', () => {
  it('rises under irrigation: 10 mm wets a 400 mm root zone by 2.5 %', () => {
    expect(nextSoilMoisture(25, { hours: 1, waterMm: 10, evapotranspirationMm: 0 })).toBeCloseTo(
      27.5,
    );
  });

  it('dries by the crop’s water use, faster on a hot day than a dull one', () => {
    const hot = nextSoilMoisture(30, { hours: 24, waterMm: 0, evapotranspirationMm: 7 });
    const dull = nextSoilMoisture(30, { hours: 24, waterMm: 0, evapotranspirationMm: 2 });
    expect(hot).toBeLessThan(dull);
    expect(dull).toBeLessThan(30);
  });

  it('dries more slowly as it nears the wilting point, and never below it by much', () => {
    const wetLoss = 30 - nextSoilMoisture(30, { hours: 24, waterMm: 0, evapotranspirationMm: 6 });
    const dryLoss = 15 - nextSoilMoisture(15, { hours: 24, waterMm: 0, evapotranspirationMm: 6 });
    expect(dryLoss).toBeLessThan(wetLoss);
    let moisture = 30;
    for (let day = 0; day < 200; day++) {
      moisture = nextSoilMoisture(moisture, { hours: 24, waterMm: 0, evapotranspirationMm: 8 });
    }
    expect(moisture).toBeGreaterThanOrEqual(LOAM.wiltingPoint * 0.8);
  });

  it('drains back towards field capacity after a soaking and never exceeds saturation', () => {
    const soaked = nextSoilMoisture(36, { hours: 1, waterMm: 100, evapotranspirationMm: 0 });
    expect(soaked).toBeLessThanOrEqual(LOAM.saturation);
    const dayLater = nextSoilMoisture(soaked, { hours: 24, waterMm: 0, evapotranspirationMm: 0 });
    expect(dayLater).toBeLessThan(soaked);
    expect(dayLater).toBeGreaterThan(LOAM.fieldCapacity);
    const weekLater = nextSoilMoisture(dayLater, {
      hours: 24 * 7,
      waterMm: 0,
      evapotranspirationMm: 0,
    });
    expect(weekLater).toBeCloseTo(LOAM.fieldCapacity, 0);
  });
});
