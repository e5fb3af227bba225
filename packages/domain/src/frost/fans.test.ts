import { describe, expect, it } from 'vitest';
import { alarmRuleSchema } from '../entities/alarm.ts';
import { FAN_METRIC_LABELS } from '../constants/charts.ts';
import {
  FAN_CHART_METRICS,
  FAN_METRICS,
  FAN_START_TEMPERATURE_C,
  isFrostFan,
  isFrostFanConfig,
} from './fans.ts';
import { frostRulesSchema, FROST_RULE_PRESETS } from './rules.ts';

const sensor = (identifier: string | null, metrics: string[]) => ({
  tags: identifier === null ? {} : { identifier },
  topics: metrics.map((metric) => ({ metric })),
});

describe('what a frost fan is', () => {
  it.each([
    ['tagged frostFan, no topics yet', 'frostFan', [], true],
    ['reporting the fan RPM, untagged', null, ['fan.rpm', 'fan.fuelLevel'], true],
    ['reporting other fan metrics only', null, ['fan.towerTemperature', 'fan.battery'], false],
    ['a canopy temperature probe', null, ['temperature'], false],
    ['tagged something else', 'pump', ['temperature'], false],
  ])('%s: %s', (_, identifier, metrics, expected) => {
    expect(isFrostFan(sensor(identifier, metrics))).toBe(expected);
    // The API's sensor and the field config's give one answer for one sensor.
    expect(isFrostFanConfig({ identifier, metrics })).toBe(expected);
  });
});

describe('fan metrics', () => {
  it('names each §9 chart metric fan.{key}, in display order', () => {
    expect(FAN_CHART_METRICS).toEqual(Object.keys(FAN_METRIC_LABELS).map((key) => `fan.${key}`));
    expect(FAN_CHART_METRICS[0]).toBe('fan.battery');
    expect(FAN_METRICS.rpm).toBe('fan.rpm');
  });
});

describe('the fan start-temperature range', () => {
  it.each([
    [FAN_START_TEMPERATURE_C.min, true],
    [FAN_START_TEMPERATURE_C.max, true],
    [FAN_START_TEMPERATURE_C.min - 0.1, false],
    [FAN_START_TEMPERATURE_C.max + 0.1, false],
  ])('a start temperature of %s °C is accepted: %s', (value, accepted) => {
    expect(alarmRuleSchema.shape.startTemperature.safeParse(value).success).toBe(accepted);
    const rules = { ...FROST_RULE_PRESETS.westernBayOfPlenty, startAtOrBelow: value };
    expect(frostRulesSchema.safeParse(rules).success).toBe(accepted);
  });
});
