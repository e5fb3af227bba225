import type { FrostForecastTonight } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../../../testing/test-i18n.ts';
import { FORECAST_COLOUR, withForecast } from './frost-explorer-chart.ts';

const t = testI18n.t.bind(testI18n);
const number = (value: number | null) => (value === null ? '--' : value.toFixed(1));
const time = (iso: string) => iso.slice(11, 16);

const TONIGHT: FrostForecastTonight = {
  night: '2026-09-20',
  sunset: '2026-09-20T06:10:00Z',
  sunrise: '2026-09-20T18:20:00Z',
  evaluatedAt: '2026-09-20T08:10:00Z',
  t2: 6,
  td2: 1,
  a: 0.5028,
  b: 0.0265,
  c: -5.822,
  fit: { nights: 0, meanAbsoluteError: null, source: 'default' },
  tmin: -2.78,
  startTemperature: 2,
  startExpectedAt: '2026-09-20T11:10:00Z',
  curve: [
    { at: '2026-09-20T08:10:00Z', temperature: 6 },
    { at: '2026-09-20T09:10:00Z', temperature: 3.86 },
    { at: '2026-09-20T18:20:00Z', temperature: -2.78 },
  ],
  warning: { threshold: 3, sent: false, sentAt: null },
};

describe("the explorer's expected curve", () => {
  it('draws the curve dashed on the °C axis and marks the start temperature at its time', () => {
    const base = { lines: [{ value: 0, unit: '°C', label: '0 °C', colour: '#f00' }], marks: [] };
    const drawn = withForecast(base, TONIGHT, t, number, time);
    expect(drawn.lines).toEqual(base.lines);
    expect(drawn.curves).toEqual([
      {
        points: TONIGHT.curve.map((point) => ({
          at: Date.parse(point.at),
          value: point.temperature,
        })),
        unit: '°C',
        label: 'forecast -2.8 °C',
        colour: FORECAST_COLOUR,
      },
    ]);
    expect(drawn.marks).toEqual([
      {
        at: Date.parse('2026-09-20T11:10:00Z'),
        value: 2,
        unit: '°C',
        label: '2.0 °C at 11:10',
        colour: FORECAST_COLOUR,
      },
    ]);
  });

  it('marks nothing when the curve stays above the start temperature', () => {
    const drawn = withForecast({}, { ...TONIGHT, startExpectedAt: null }, t, number, time);
    expect(drawn.curves).toHaveLength(1);
    expect(drawn.marks).toEqual([]);
  });

  it('adds nothing before the forecast is made or without one', () => {
    const base = { marks: [] };
    expect(withForecast(base, { ...TONIGHT, curve: [] }, t, number, time)).toBe(base);
    expect(withForecast(base, null, t, number, time)).toBe(base);
  });
});
