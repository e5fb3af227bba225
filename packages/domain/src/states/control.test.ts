import { describe, expect, it } from 'vitest';
import {
  findFaultTopic,
  hasValveFault,
  INVALID_CONTROL_CONFIGURATION,
  InvalidControlConfigurationError,
  isControlConfigKept,
  isValveExcluded,
  setControlConfig,
  type ControlConfigChange,
  type ControlConfigEntry,
  type ControlTopicInput,
} from './control.ts';

const now = new Date('2024-09-01T12:00:00Z');

describe('§4 control config: set only when variation and exclude are both defined', () => {
  const first: ControlConfigEntry = { id: 1, variation: 10, exclude: false };
  const second: ControlConfigEntry = { id: 2, variation: 0, exclude: true };
  const existing: ControlConfigEntry[] = [first, second];

  it.each<[string, ControlConfigChange]>([
    ['variation missing', { id: 3, exclude: true }],
    ['exclude missing', { id: 3, variation: 5 }],
    ['both missing', { id: 1 }],
    ['variation null', { id: 1, variation: null, exclude: false }],
    ['exclude null', { id: 1, variation: 5, exclude: null }],
  ])("%s: throws 'invalid control configuration'", (_, change) => {
    expect(() => setControlConfig(existing, change)).toThrow(InvalidControlConfigurationError);
    expect(() => setControlConfig(existing, change)).toThrow(/^invalid control configuration$/);
  });

  it('the message is the §8 text', () => {
    expect(INVALID_CONTROL_CONFIGURATION).toBe('invalid control configuration');
    expect(new InvalidControlConfigurationError().message).toBe('invalid control configuration');
  });

  it.each<[string, ControlConfigChange, ControlConfigEntry[]]>([
    [
      'new with a variation: appended',
      { id: 3, variation: -20, exclude: false },
      [...existing, { id: 3, variation: -20, exclude: false }],
    ],
    [
      'new excluded: appended',
      { id: 3, variation: 0, exclude: true },
      [...existing, { id: 3, variation: 0, exclude: true }],
    ],
    ['new with nothing to change: not added', { id: 3, variation: 0, exclude: false }, existing],
    [
      'existing changed: replaced in place',
      { id: 1, variation: 30, exclude: true },
      [{ id: 1, variation: 30, exclude: true }, second],
    ],
    [
      'existing back to variation 0, not excluded: removed',
      { id: 1, variation: 0, exclude: false },
      [second],
    ],
    [
      'existing un-excluded with variation 0: removed',
      { id: 2, variation: 0, exclude: false },
      [first],
    ],
    [
      'existing un-excluded with a variation: kept',
      { id: 2, variation: 5, exclude: false },
      [first, { id: 2, variation: 5, exclude: false }],
    ],
  ])('%s', (_, change, expected) => {
    expect(setControlConfig(existing, change)).toEqual(expected);
  });

  it('returns a new list and leaves the old one alone', () => {
    const before = existing.map((entry) => ({ ...entry }));
    const after = setControlConfig(existing, { id: 3, variation: 0, exclude: false });
    expect(after).not.toBe(existing);
    expect(existing).toEqual(before);
  });

  it.each<[ControlConfigEntry, boolean]>([
    [{ id: 1, variation: 0, exclude: false }, false],
    [{ id: 1, variation: 0, exclude: true }, true],
    [{ id: 1, variation: 1, exclude: false }, true],
    [{ id: 1, variation: -1, exclude: false }, true],
  ])('§4 kept only if exclude is true or variation non-zero: %j → %s', (config, expected) => {
    expect(isControlConfigKept(config)).toBe(expected);
  });
});

describe('§4 "A valve with exclude shows a not-interested icon"', () => {
  it.each<[{ exclude?: boolean | null } | null | undefined, boolean]>([
    [{ exclude: true }, true],
    [{ exclude: false }, false],
    [{ exclude: null }, false],
    [{}, false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (config, expected) => {
    expect(isValveExcluded(config)).toBe(expected);
  });
});

describe('§4 "A valve has a fault when the fault topic is non-zero and its start time has passed"', () => {
  const fault = (lastValue: number | null): ControlTopicInput => ({ metric: 'fault', lastValue });
  const flow: ControlTopicInput = { metric: 'flow', lastValue: 3 };
  it.each<[string, ControlTopicInput[] | null | undefined, string | null | undefined, boolean]>([
    ['fault 1, started an hour ago → true', [flow, fault(1)], '2024-09-01T11:00:00Z', true],
    ['fault -1 (non-zero), started → true', [fault(-1)], '2024-09-01T11:00:00Z', true],
    ['fault 1, start time exactly now → true', [fault(1)], '2024-09-01T12:00:00Z', true],
    ['fault 1, start time ahead → false', [fault(1)], '2024-09-01T13:00:00Z', false],
    ['fault 1, no start time → false', [fault(1)], null, false],
    ['fault 1, start time absent → false', [fault(1)], undefined, false],
    ['fault 0, started → false', [fault(0)], '2024-09-01T11:00:00Z', false],
    ['fault not reported (null), started → false', [fault(null)], '2024-09-01T11:00:00Z', false],
    ['no fault topic, started → false', [flow], '2024-09-01T11:00:00Z', false],
    ['no topics → false', [], '2024-09-01T11:00:00Z', false],
    ['topics missing → false', undefined, '2024-09-01T11:00:00Z', false],
    ['topics null → false', null, '2024-09-01T11:00:00Z', false],
  ])('%s', (_, topics, startTime, expected) => {
    expect(hasValveFault({ topics, application: { startTime } }, now)).toBe(expected);
  });

  it('a valve in no program (application null) has no fault', () => {
    expect(hasValveFault({ topics: [fault(1)], application: null }, now)).toBe(false);
  });

  it('the first fault topic decides', () => {
    expect(findFaultTopic([flow, fault(0), fault(1)])).toEqual(fault(0));
    expect(findFaultTopic(undefined)).toBeUndefined();
  });
});
