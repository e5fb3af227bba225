import { describe, expect, it } from 'vitest';
import {
  filterHardware,
  hardwareCounts,
  isHardwareFault,
  isHardwareWarning,
  type HardwareHealthInput,
} from './hardware-filters.ts';
import { HARDWARE_FILTER } from '../constants/sorting.ts';

const ok: HardwareHealthInput = {
  overdue: false,
  fault: false,
  online: true,
  batteryValue: 3.6,
  signalValue: -80,
};

describe('§4 hardware warning filter: not overdue and (weak signal, low battery, or offline without fault)', () => {
  it.each<[string, HardwareHealthInput, boolean]>([
    ['healthy → false', ok, false],
    ['weak signal → true', { ...ok, signalValue: -100 }, true],
    ['signal exactly -99 → false', { ...ok, signalValue: -99 }, false],
    ['low battery → true', { ...ok, batteryValue: 3.2 }, true],
    ['battery exactly 3.3 → false', { ...ok, batteryValue: 3.3 }, false],
    ['offline without fault → true', { ...ok, online: false }, true],
    ['offline with fault → false', { ...ok, online: false, fault: true }, false],
    [
      'offline with fault and low battery → true',
      { ...ok, online: false, fault: true, batteryValue: 3 },
      true,
    ],
    ['fault with weak signal → true', { ...ok, fault: true, signalValue: -120 }, true],
    ['overdue with weak signal → false', { ...ok, overdue: true, signalValue: -120 }, false],
    ['overdue and offline → false', { ...ok, overdue: true, online: false }, false],
    ['online unknown (a unit) → false', { overdue: false }, false],
    ['unreported readings → false', { ...ok, batteryValue: null, signalValue: null }, false],
  ])('%s', (_, hardware, expected) => {
    expect(isHardwareWarning(hardware)).toBe(expected);
  });

  it('takes thresholds', () => {
    expect(isHardwareWarning({ ...ok, batteryValue: 3.5 }, { battery: 3.6, signal: -99 })).toBe(
      true,
    );
  });
});

describe('§4 "Fault filter: fault or overdue"', () => {
  it.each<[string, HardwareHealthInput, boolean]>([
    ['healthy → false', ok, false],
    ['fault → true', { ...ok, fault: true }, true],
    ['overdue → true', { ...ok, overdue: true }, true],
    ['fault and overdue → true', { ...ok, fault: true, overdue: true }, true],
    ['weak signal only → false', { ...ok, signalValue: -120 }, false],
    ['nothing known → false', {}, false],
  ])('%s', (_, hardware, expected) => {
    expect(isHardwareFault(hardware)).toBe(expected);
  });
});

describe('§4 "Overdue hardware is excluded from fault and warning counts"', () => {
  it.each<[string, HardwareHealthInput[], { warnings: number; faults: number; overdue: number }]>([
    ['empty', [], { warnings: 0, faults: 0, overdue: 0 }],
    ['healthy only', [ok, ok], { warnings: 0, faults: 0, overdue: 0 }],
    ['one fault', [ok, { ...ok, fault: true }], { warnings: 0, faults: 1, overdue: 0 }],
    [
      'overdue fault is not a fault in the count',
      [{ ...ok, fault: true, overdue: true }],
      { warnings: 0, faults: 0, overdue: 1 },
    ],
    ['overdue alone', [{ ...ok, overdue: true }], { warnings: 0, faults: 0, overdue: 1 }],
    [
      'overdue weak signal is not a warning',
      [{ ...ok, overdue: true, signalValue: -120 }],
      { warnings: 0, faults: 0, overdue: 1 },
    ],
    [
      'mixed',
      [
        ok,
        { ...ok, batteryValue: 3 },
        { ...ok, online: false },
        { ...ok, fault: true },
        { ...ok, fault: true, batteryValue: 3 },
        { ...ok, overdue: true },
      ],
      { warnings: 3, faults: 2, overdue: 1 },
    ],
  ])('%s', (_, list, expected) => {
    expect(hardwareCounts(list)).toEqual(expected);
  });
});

describe('§9 hardware filter codes all 0, warning -1, fault -2', () => {
  const healthy = { ...ok, id: 1 };
  const warning = { ...ok, id: 2, signalValue: -120 };
  const fault = { ...ok, id: 3, fault: true };
  const overdue = { ...ok, id: 4, overdue: true, batteryValue: 3 };
  const list = [healthy, warning, fault, overdue];

  it('codes are as §9 says', () => {
    expect(HARDWARE_FILTER).toEqual({ all: 0, warning: -1, fault: -2 });
  });

  it.each<[string, number, number[]]>([
    ['all', 0, [1, 2, 3, 4]],
    ['warning', -1, [2]],
    ['fault (fault or overdue)', -2, [3, 4]],
    ['unknown code shows all', 7, [1, 2, 3, 4]],
  ])('%s (%s) → ids %j', (_, code, ids) => {
    expect(filterHardware(list, code).map((hardware) => hardware.id)).toEqual(ids);
  });

  it('returns a new list for all', () => {
    expect(filterHardware(list, HARDWARE_FILTER.all)).not.toBe(list);
  });
});
