import { describe, expect, it } from 'vitest';
import {
  isDangerColour,
  isLowBattery,
  isWeakSignal,
  radioState,
  type RadioState,
  type RadioStateInput,
} from './radio-state.ts';

const healthy: RadioStateInput = {
  overdue: false,
  fault: false,
  batteryValue: 3.6,
  signalValue: -80,
  config: { repeater: false },
};
const repeater = (radio: RadioStateInput): RadioStateInput => ({
  ...radio,
  config: { repeater: true },
});

describe('§4 radio state', () => {
  it.each<[string, RadioStateInput | null | undefined, RadioState]>([
    ['null is normal → normal', null, 'normal'],
    ['undefined is normal → normal', undefined, 'normal'],
    ['healthy → normal', healthy, 'normal'],
    ['overdue is fault → fault', { ...healthy, overdue: true }, 'fault'],
    ['fault is fault → fault', { ...healthy, fault: true }, 'fault'],
    ['overdue beats low battery → fault', { ...healthy, overdue: true, batteryValue: 3 }, 'fault'],
    [
      'repeater overdue → repeater-fault',
      repeater({ ...healthy, overdue: true }),
      'repeater-fault',
    ],
    ['repeater fault → repeater-fault', repeater({ ...healthy, fault: true }), 'repeater-fault'],
    ['low battery is warning → warning', { ...healthy, batteryValue: 3.29 }, 'warning'],
    ['battery exactly 3.3 is not low → normal', { ...healthy, batteryValue: 3.3 }, 'normal'],
    ['weak signal is warning → warning', { ...healthy, signalValue: -100 }, 'warning'],
    ['signal exactly -99 is not weak → normal', { ...healthy, signalValue: -99 }, 'normal'],
    [
      'repeater low battery → repeater-warning',
      repeater({ ...healthy, batteryValue: 3 }),
      'repeater-warning',
    ],
    [
      'repeater weak signal → repeater-warning',
      repeater({ ...healthy, signalValue: -120 }),
      'repeater-warning',
    ],
    ['healthy repeater → repeater', repeater(healthy), 'repeater'],
    [
      'unreported battery and signal → normal',
      { ...healthy, batteryValue: null, signalValue: null },
      'normal',
    ],
    [
      'offline alone is not a radio-state warning → normal',
      { ...healthy, online: false } as RadioStateInput,
      'normal',
    ],
    ['no config → normal', { overdue: false, fault: false }, 'normal'],
    ['config null, overdue → fault', { overdue: true, config: null }, 'fault'],
  ])('%s', (_, radio, expected) => {
    expect(radioState(radio)).toBe(expected);
  });

  it.each<[string, RadioStateInput, RadioState]>([
    [
      'battery 3.6 is low → warning',
      { ...healthy, batteryValue: 3.6, signalValue: -60 },
      'warning',
    ],
    ['signal -80 is weak → warning', { ...healthy, batteryValue: 4, signalValue: -80 }, 'warning'],
    [
      'battery 4 and signal -60 → normal',
      { ...healthy, batteryValue: 4, signalValue: -60 },
      'normal',
    ],
  ])('custom thresholds (battery 3.7, signal -70): %s', (_, radio, expected) => {
    expect(radioState(radio, { battery: 3.7, signal: -70 })).toBe(expected);
  });

  it.each<[number | null | undefined, boolean]>([
    [3.29, true],
    [3.3, false],
    [3, true],
    [0, true],
    [null, false],
    [undefined, false],
  ])('§9 battery %s is low: %s', (value, expected) => {
    expect(isLowBattery(value)).toBe(expected);
  });

  it.each<[number | null | undefined, boolean]>([
    [-99.5, true],
    [-99, false],
    [-50, false],
    [null, false],
  ])('§9 signal %s is weak: %s', (value, expected) => {
    expect(isWeakSignal(value)).toBe(expected);
  });
});

describe('§4 danger colour: radios and units when overdue; a radio also when faulted', () => {
  it.each<['radio' | 'unit', boolean | null | undefined, boolean | null | undefined, boolean]>([
    ['radio', true, false, true],
    ['radio', false, true, true],
    ['radio', true, true, true],
    ['radio', false, false, false],
    ['radio', undefined, undefined, false],
    ['unit', true, undefined, true],
    ['unit', false, true, false],
    ['unit', false, false, false],
    ['unit', null, null, false],
  ])('%s overdue %s fault %s → %s', (kind, overdue, fault, expected) => {
    expect(isDangerColour({ overdue, fault }, kind)).toBe(expected);
  });
});
