import { describe, expect, it } from 'vitest';
import {
  BATTERY_EMPTY_V,
  BATTERY_VOLTAGE_THRESHOLD_V,
  CANOPY_RADIO_POSITION_OFFSET_PX,
  CANOPY_TEMPERATURE_C,
  ENGINE_TRIP_HOURS,
  FROST_FAN_BATTERY_EMPTY_V,
  FROST_FAN_BATTERY_THRESHOLD_V,
  FROST_FAN_WIND_SPEED_KPH,
  FUEL_FAULT_PERCENT,
  FUEL_WARNING_PERCENT,
  MAX_SEQUENCES_PER_PROGRAM,
  MIN_PASSWORD_LENGTH_ON_CHANGE,
  RADIO_MISSES_THRESHOLD,
  RECENT_UPDATE_THRESHOLD,
  SIGNAL_STRENGTH_THRESHOLD_DBM,
} from './thresholds.ts';

describe('§9 thresholds', () => {
  it.each([
    ['signal strength', SIGNAL_STRENGTH_THRESHOLD_DBM, -99],
    ['battery voltage', BATTERY_VOLTAGE_THRESHOLD_V, 3.3],
    ['battery empty', BATTERY_EMPTY_V, 3],
    ['recent update', RECENT_UPDATE_THRESHOLD, 3],
    ['radio misses', RADIO_MISSES_THRESHOLD, 10],
    ['sequences per program', MAX_SEQUENCES_PER_PROGRAM, 4],
    ['frost fan controller battery', FROST_FAN_BATTERY_THRESHOLD_V, 12],
    ['frost fan controller battery empty', FROST_FAN_BATTERY_EMPTY_V, 10.7],
    ['fuel warning', FUEL_WARNING_PERCENT, 49],
    ['fuel fault', FUEL_FAULT_PERCENT, 12],
    ['engine trip hours', ENGINE_TRIP_HOURS, 24],
    ['frost fan wind speed', FROST_FAN_WIND_SPEED_KPH, 100],
    ['canopy temperature', CANOPY_TEMPERATURE_C, 0],
    ['canopy radio position offset', CANOPY_RADIO_POSITION_OFFSET_PX, 50],
    ['min password length on change (§5)', MIN_PASSWORD_LENGTH_ON_CHANGE, 6],
  ])('%s is %d', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    ['radio battery', BATTERY_EMPTY_V, BATTERY_VOLTAGE_THRESHOLD_V],
    ['frost fan battery', FROST_FAN_BATTERY_EMPTY_V, FROST_FAN_BATTERY_THRESHOLD_V],
    ['fuel', FUEL_FAULT_PERCENT, FUEL_WARNING_PERCENT],
  ])('%s: the fault/empty level sits below the warning level', (_name, low, warning) => {
    expect(low).toBeLessThan(warning);
  });
});
