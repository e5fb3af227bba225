import { buildFrostForecastTonight } from '@paddock/domain/testing';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../../../testing/test-i18n.ts';
import { FORECAST_COLOUR, withForecast } from './frost-explorer-chart.ts';

const t = testI18n.t.bind(testI18n);
const number = (value: number | null) => (value === null ? '--' : value.toFixed(1));
const time = (iso: string) => iso.slice(11, 16);

const TONIGHT = buildFrostForecastTonight();

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
