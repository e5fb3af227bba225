import { BATTERY_VOLTAGE_THRESHOLD_V } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { batteryVolts, RADIO_BATTERY } from './battery.ts';
import {
  FIRST_SILENT_SPELL_AFTER_MS,
  radioWear,
  SILENT_SPELL_EVERY_MS,
  SILENT_SPELL_MS,
  wearRole,
  type WearRole,
} from './wear.ts';

const epoch = new Date('2026-11-25T16:00:00.000Z');
const DAY = 86_400_000;
const serials = Array.from({ length: 400 }, (_, index) => `WVC-${String(index).padStart(6, '0')}`);
const volts = (serial: string, seed: number, time: Date) =>
  batteryVolts(RADIO_BATTERY, radioWear(serial, seed, epoch).batteryHours(time));

function bySeed(seed: number): Map<WearRole, string[]> {
  const roles = new Map<WearRole, string[]>();
  for (const serial of serials) {
    const role = wearRole(serial, seed);
    roles.set(role, [...(roles.get(role) ?? []), serial]);
  }
  return roles;
}

describe('radio wear', () => {
  it('gives the same radios the same roles with the same seed, and a few of each', () => {
    expect(bySeed(7)).toEqual(bySeed(7));
    expect(bySeed(7)).not.toEqual(bySeed(8));
    const roles = bySeed(1);
    for (const role of ['low', 'nearEmpty', 'weakLink', 'flaky'] as const) {
      expect(roles.get(role)?.length ?? 0).toBeGreaterThan(0);
      expect(roles.get(role)?.length ?? 0).toBeLessThan(serials.length / 8);
    }
  });

  it('drains a low battery below the warning level, flat first and falling at the end', () => {
    const low = bySeed(1).get('low') ?? [];
    for (const serial of low) {
      expect(volts(serial, 1, epoch)).toBeLessThan(BATTERY_VOLTAGE_THRESHOLD_V);
      // 90 days before, it sat on the flat stretch above the warning level.
      expect(volts(serial, 1, new Date(epoch.getTime() - 90 * DAY))).toBeGreaterThan(3.38);
      const early =
        volts(serial, 1, new Date(epoch.getTime() - 90 * DAY)) -
        volts(serial, 1, new Date(epoch.getTime() - 60 * DAY));
      const late = volts(serial, 1, new Date(epoch.getTime() - 30 * DAY)) - volts(serial, 1, epoch);
      expect(late).toBeGreaterThan(early * 2);
    }
    for (const serial of bySeed(1).get('nearEmpty') ?? []) {
      expect(volts(serial, 1, epoch)).toBeLessThan(3.15);
      expect(volts(serial, 1, epoch)).toBeGreaterThanOrEqual(RADIO_BATTERY.emptyVolts);
    }
  });

  it('never lets a battery rise between two times, and carries on across a restart', () => {
    for (const serial of serials.slice(0, 50)) {
      let previous = Infinity;
      for (let day = -90; day <= 30; day += 5) {
        const value = volts(serial, 3, new Date(epoch.getTime() + day * DAY));
        expect(value).toBeLessThanOrEqual(previous);
        previous = value;
      }
    }
  });

  it('fades a weak link below the weak-signal level', () => {
    for (const serial of bySeed(1).get('weakLink') ?? []) {
      const wear = radioWear(serial, 1, epoch);
      const now = wear.signalBase(epoch) as number;
      expect(now).toBeLessThan(-99);
      expect(wear.signalBase(new Date(epoch.getTime() - 90 * DAY))).toBeGreaterThan(now);
    }
    expect(radioWear(bySeed(1).get('normal')?.[0] ?? '', 1, epoch).signalBase(epoch)).toBeNull();
  });

  it('silences a flaky radio for a spell every few hours, the first soon after the epoch', () => {
    const flaky = radioWear(bySeed(1).get('flaky')?.[0] ?? '', 1, epoch);
    const after = (ms: number) => new Date(epoch.getTime() + ms);
    expect(flaky.silent(after(0))).toBe(false);
    expect(flaky.silent(after(FIRST_SILENT_SPELL_AFTER_MS))).toBe(true);
    expect(flaky.silent(after(FIRST_SILENT_SPELL_AFTER_MS + SILENT_SPELL_MS - 1))).toBe(true);
    expect(flaky.silent(after(FIRST_SILENT_SPELL_AFTER_MS + SILENT_SPELL_MS))).toBe(false);
    expect(flaky.silent(after(FIRST_SILENT_SPELL_AFTER_MS + SILENT_SPELL_EVERY_MS))).toBe(true);
    // The past has its spells too (gaps in the history).
    expect(flaky.silent(after(FIRST_SILENT_SPELL_AFTER_MS - 10 * SILENT_SPELL_EVERY_MS))).toBe(
      true,
    );
    const normal = radioWear(bySeed(1).get('normal')?.[0] ?? '', 1, epoch);
    expect(normal.silent(after(FIRST_SILENT_SPELL_AFTER_MS))).toBe(false);
  });
});
