import { describe, expect, it } from 'vitest';
import { batteryVolts, FAN_CONTROLLER_BATTERY, RADIO_BATTERY } from './battery.ts';

describe('virtual battery', () => {
  it.each([
    ['new', 0, 3.6],
    ['before first use', -5, 3.6],
    ['spent', RADIO_BATTERY.lifeHours, 3.0],
    ['long past its life', RADIO_BATTERY.lifeHours * 3, 3.0],
  ])('a radio battery that is %s reads %d V', (_label, hours, volts) => {
    expect(batteryVolts(RADIO_BATTERY, hours)).toBe(volts);
  });

  it('drains monotonically and stays above the 3.3 V warning for most of its life', () => {
    let previous = Infinity;
    for (let day = 0; day <= 365; day += 5) {
      const v = batteryVolts(RADIO_BATTERY, day * 24);
      expect(v).toBeLessThanOrEqual(previous);
      previous = v;
    }
    expect(batteryVolts(RADIO_BATTERY, 24 * 300)).toBeGreaterThan(3.3);
    expect(batteryVolts(RADIO_BATTERY, 24 * 360)).toBeLessThan(3.3);
  });

  it('a frost-fan controller falls below 12 V only near the end of its charge', () => {
    expect(batteryVolts(FAN_CONTROLLER_BATTERY, 24 * 30)).toBeGreaterThan(12);
    expect(batteryVolts(FAN_CONTROLLER_BATTERY, 24 * 59)).toBeLessThan(12);
  });
});
