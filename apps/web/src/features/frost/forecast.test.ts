import { describe, expect, it } from 'vitest';
import { FORECAST_SEASON_NIGHTS, forecastSeasonRange } from './forecast.ts';

describe('the forecast season', () => {
  it.each([
    ['2026-09-21', '2025-09-22'],
    // Across a leap day: still a year of nights.
    ['2028-03-01', '2027-03-03'],
    ['2026-01-01', '2025-01-02'],
  ])('ending %s starts %s', (tonight, from) => {
    expect(forecastSeasonRange(tonight)).toEqual({ from, to: tonight });
  });

  it('counts tonight among its nights', () => {
    const { from, to } = forecastSeasonRange('2026-09-21');
    const nights = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    expect(nights).toBe(FORECAST_SEASON_NIGHTS);
  });
});
