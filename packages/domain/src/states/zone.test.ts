import { describe, expect, it } from 'vitest';
import {
  zoneRunStateSchema,
  type IrrigationType,
  type ZoneApplicationStatus,
  type ZoneRunState,
} from '../entities/vocabulary.ts';
import {
  bannedSectionIds,
  formatHoursMinutes,
  hasRepeatsToCome,
  isResumable,
  isSkippable,
  isStartable,
  isStoppable,
  isTestable,
  isZoneActive,
  isZoneBanned,
  isZoneInTestMode,
  nextRunTime,
  remainingMinutes,
  schedulingMode,
  timeRemaining,
  zoneRunState,
  type SchedulingMode,
  type ZoneApplicationInput,
  type ZoneRepeatInput,
} from './zone.ts';

const now = new Date('2024-09-01T12:00:00Z');
/** An ISO instant `minutes` from now. */
const at = (minutes: number): string => new Date(now.getTime() + minutes * 60_000).toISOString();

describe('§4 "Zone banned: among the area\'s sections but in no sequence"', () => {
  const area = [11, 12, 13, 14];
  it.each<[string, number, number[][], boolean]>([
    ['in the first sequence → false', 11, [[11, 12], [13]], false],
    ['in a later sequence → false', 13, [[11, 12], [13]], false],
    ['in no sequence → true', 14, [[11, 12], [13]], true],
    ['no sequences at all → true', 11, [], true],
    ['only empty sequences → true', 12, [[], []], true],
    ['not a section of the area → false', 99, [[11]], false],
    ['not of the area though in a sequence → false', 99, [[99]], false],
  ])('%s', (_, sectionId, sequences, expected) => {
    expect(isZoneBanned(sectionId, area, sequences)).toBe(expected);
  });

  it.each<[number[], number[][], number[]]>([
    [[11, 12, 13, 14], [[11, 12], [13]], [14]],
    [[11, 12], [], [11, 12]],
    [[11, 12], [[12, 11]], []],
    [[], [[11]], []],
    [[14, 11, 12], [[12]], [14, 11]],
  ])('banned sections of area %j with sequences %j are %j', (areaIds, sequences, expected) => {
    expect(bannedSectionIds(areaIds, sequences)).toEqual(expected);
  });
});

describe('§4 "Zone test mode: variation manual and banned"', () => {
  it.each<[boolean | null | undefined, boolean | null | undefined, boolean]>([
    [true, true, true],
    [true, false, false],
    [false, true, false],
    [false, false, false],
    [undefined, true, false],
    [true, undefined, false],
    [null, null, false],
  ])('manual %s, banned %s: test mode %s', (manual, banned, expected) => {
    expect(isZoneInTestMode({ manual, banned })).toBe(expected);
  });
});

describe('§4 zone run state: repeats is stopped with repeat interval and remaining repeat count', () => {
  const repeating: ZoneRepeatInput = { repeat: true, repeatInterval: 6, repeatCount: 2 };
  it.each<[string, ZoneApplicationStatus, ZoneRepeatInput | null | undefined, ZoneRunState]>([
    ['stopped with repeats to come → repeats', 'stopped', repeating, 'repeats'],
    [
      'stopped, last repeat done (count 0) → stopped',
      'stopped',
      { repeat: true, repeatInterval: 6, repeatCount: 0 },
      'stopped',
    ],
    [
      'stopped, count 1 (boundary) → repeats',
      'stopped',
      { repeat: true, repeatInterval: 6, repeatCount: 1 },
      'repeats',
    ],
    [
      'stopped, interval 0 → stopped',
      'stopped',
      { repeat: true, repeatInterval: 0, repeatCount: 2 },
      'stopped',
    ],
    [
      'stopped, repeat switched off → stopped',
      'stopped',
      { repeat: false, repeatInterval: 6, repeatCount: 2 },
      'stopped',
    ],
    [
      'stopped, repeat flag absent → repeats',
      'stopped',
      { repeatInterval: 6, repeatCount: 2 },
      'repeats',
    ],
    [
      'stopped, repeat flag null → repeats',
      'stopped',
      { repeat: null, repeatInterval: 6, repeatCount: 2 },
      'repeats',
    ],
    ['stopped, no interval → stopped', 'stopped', { repeat: true, repeatCount: 2 }, 'stopped'],
    ['stopped, no count → stopped', 'stopped', { repeat: true, repeatInterval: 6 }, 'stopped'],
    [
      'stopped, negative count → stopped',
      'stopped',
      { repeat: true, repeatInterval: 6, repeatCount: -1 },
      'stopped',
    ],
    ['stopped, no setting → stopped', 'stopped', undefined, 'stopped'],
    ['stopped, null setting → stopped', 'stopped', null, 'stopped'],
    ['running with repeats to come stays running → running', 'running', repeating, 'running'],
    ['paused with repeats to come stays paused → paused', 'paused', repeating, 'paused'],
    ['starting → starting', 'starting', repeating, 'starting'],
    ['resuming → resuming', 'resuming', undefined, 'resuming'],
    ['pausing → pausing', 'pausing', undefined, 'pausing'],
  ])('%s', (_, status, setting, expected) => {
    expect(zoneRunState({ status }, setting)).toBe(expected);
  });

  it.each<[ZoneRepeatInput | undefined, boolean]>([
    [{ repeat: true, repeatInterval: 0.5, repeatCount: 1 }, true],
    [{ repeat: true, repeatInterval: 1, repeatCount: 0 }, false],
    [undefined, false],
  ])('repeats to come for %j: %s', (setting, expected) => {
    expect(hasRepeatsToCome(setting)).toBe(expected);
  });
});

describe('§4 repeats show the next run time (decision: stopped time, else end time, + repeatInterval hours)', () => {
  const setting: ZoneRepeatInput = { repeat: true, repeatInterval: 6, repeatCount: 1 };
  it.each<[string, ZoneApplicationInput, ZoneRepeatInput | null, string | null]>([
    [
      'from the end time',
      { status: 'stopped', endTime: '2024-09-01T10:00:00Z' },
      setting,
      '2024-09-01T16:00:00.000Z',
    ],
    [
      'stopped time wins over end time',
      { status: 'stopped', stoppedTime: '2024-09-01T09:00:00Z', endTime: '2024-09-01T10:00:00Z' },
      setting,
      '2024-09-01T15:00:00.000Z',
    ],
    [
      'fractional interval (90 minutes)',
      { status: 'stopped', endTime: '2024-09-01T10:00:00Z' },
      { repeat: true, repeatInterval: 1.5, repeatCount: 1 },
      '2024-09-01T11:30:00.000Z',
    ],
    [
      'no end or stopped time → null',
      { status: 'stopped', startTime: '2024-09-01T09:00:00Z' },
      setting,
      null,
    ],
    [
      'not repeats: no count left → null',
      { status: 'stopped', endTime: '2024-09-01T10:00:00Z' },
      { repeatInterval: 6, repeatCount: 0 },
      null,
    ],
    ['not repeats: running', { status: 'running', endTime: '2024-09-01T10:00:00Z' }, setting, null],
    ['not repeats: no setting', { status: 'stopped', endTime: '2024-09-01T10:00:00Z' }, null, null],
  ])('%s', (_, application, repeat, expected) => {
    expect(nextRunTime(application, repeat)?.toISOString() ?? null).toBe(expected);
  });
});

describe('§4 "Time remaining shown hours:minutes"', () => {
  it.each<[number, string]>([
    [0, '0:00'],
    [1, '0:01'],
    [59, '0:59'],
    [60, '1:00'],
    [65, '1:05'],
    [125, '2:05'],
    [600, '10:00'],
    [1500, '25:00'],
    [-5, '0:00'],
    [0.2, '0:01'],
    [64.5, '1:05'],
  ])('%s minutes format as %s', (minutes, expected) => {
    expect(formatHoursMinutes(minutes)).toBe(expected);
  });

  it.each<[string, ZoneApplicationInput, number | undefined, number | null]>([
    [
      'running, end in 65 minutes → 65',
      { status: 'running', startTime: at(-10), endTime: at(65) },
      undefined,
      65,
    ],
    [
      'running, end in 64.5 minutes rounds up → 65',
      { status: 'running', endTime: at(64.5) },
      undefined,
      65,
    ],
    [
      'running, end in 30 seconds shows a minute → 1',
      { status: 'running', endTime: at(0.5) },
      undefined,
      1,
    ],
    ['running, end exactly now → 0', { status: 'running', endTime: at(0) }, undefined, 0],
    ['running, end passed → 0', { status: 'running', endTime: at(-5) }, undefined, 0],
    ['running, no end: start + runtime → 20', { status: 'running', startTime: at(-10) }, 30, 20],
    [
      'end time wins over runtime → 5',
      { status: 'running', startTime: at(-10), endTime: at(5) },
      30,
      5,
    ],
    [
      'running, no end and no runtime → null',
      { status: 'running', startTime: at(-10) },
      undefined,
      null,
    ],
    ['running, no end and no start → null', { status: 'running' }, 30, null],
    [
      'starting in 10 minutes: full run, not the wait → 30',
      { status: 'starting', startTime: at(10), endTime: at(40) },
      undefined,
      30,
    ],
    ['starting, no end: runtime → 45', { status: 'starting', startTime: at(10) }, 45, 45],
    ['resuming → 12', { status: 'resuming', endTime: at(12) }, undefined, 12],
    ['pausing → 12', { status: 'pausing', endTime: at(12) }, undefined, 12],
    [
      'paused: frozen at the stopped time → 45',
      { status: 'paused', startTime: at(-60), stoppedTime: at(-30), endTime: at(15) },
      undefined,
      45,
    ],
    [
      'paused without a stopped time → null',
      { status: 'paused', endTime: at(15) },
      undefined,
      null,
    ],
    [
      'paused, no end: start + runtime − ran → 60',
      { status: 'paused', startTime: at(-60), stoppedTime: at(-30) },
      90,
      60,
    ],
    ['stopped → null', { status: 'stopped', startTime: at(-60), endTime: at(15) }, 30, null],
  ])('%s', (_, application, runtime, expected) => {
    expect(remainingMinutes(application, now, runtime)).toBe(expected);
  });

  it.each<[ZoneApplicationInput, number | undefined, string | null]>([
    [{ status: 'running', endTime: at(65) }, undefined, '1:05'],
    [{ status: 'running', startTime: at(0) }, 125, '2:05'],
    [{ status: 'stopped', endTime: at(65) }, undefined, null],
    // An endless runtime (a variation of 1e308 once gave one) shows none, never 'Infinity:NaN'.
    [{ status: 'running', startTime: at(0) }, Number.POSITIVE_INFINITY, null],
    [{ status: 'running', startTime: at(0) }, Number.NaN, null],
  ])('time remaining of %j (runtime %s) is %s', (application, runtime, expected) => {
    expect(timeRemaining(application, now, runtime)).toBe(expected);
  });
});

describe('§4 zone actions on the run state', () => {
  it.each<[ZoneRunState, boolean, boolean]>([
    ['stopped', false, true],
    ['stopped', true, false],
    ['repeats', false, true],
    ['repeats', true, true],
    ['running', false, false],
    ['starting', false, false],
    ['resuming', false, false],
    ['pausing', false, false],
    ['paused', false, false],
  ])('§4 Skippable: %s, banned %s → %s', (runState, banned, expected) => {
    expect(isSkippable(runState, banned)).toBe(expected);
  });

  const table = (yes: ZoneRunState[]): [ZoneRunState, boolean][] =>
    zoneRunStateSchema.options.map((state) => [state, yes.includes(state)]);

  it.each(table(['starting', 'resuming', 'running']))(
    '§4 Stoppable: %s → %s',
    (runState, expected) => {
      expect(isStoppable(runState)).toBe(expected);
    },
  );

  it.each(table(['stopped']))('§4 Startable: %s → %s', (runState, expected) => {
    expect(isStartable(runState)).toBe(expected);
  });

  it.each(table(['paused']))('§4 Resumable: %s → %s', (runState, expected) => {
    expect(isResumable(runState)).toBe(expected);
  });
});

describe('§4 zone-based and valve-based scheduling', () => {
  it.each<[IrrigationType, SchedulingMode]>([
    ['valveControlledZone', 'zone'],
    ['singleSprinklerZone', 'zone'],
    ['manySprinklerZone', 'valve'],
    ['cycleControlledZone', 'valve'],
  ])('%s schedules by %s', (irrigationType, expected) => {
    expect(schedulingMode(irrigationType)).toBe(expected);
  });
});

describe('§4 "Testable: zone-based scheduling, not active and not starting"', () => {
  it.each<[IrrigationType, ZoneApplicationStatus, string | null, boolean]>([
    ['valveControlledZone', 'stopped', null, true],
    ['singleSprinklerZone', 'stopped', null, true],
    ['manySprinklerZone', 'stopped', null, false],
    ['cycleControlledZone', 'stopped', null, false],
    ['valveControlledZone', 'running', at(-10), false],
    ['valveControlledZone', 'starting', at(10), false],
    ['valveControlledZone', 'starting', null, false],
    ['valveControlledZone', 'pausing', at(-10), false],
    ['valveControlledZone', 'pausing', at(0), false],
    ['valveControlledZone', 'pausing', at(10), true],
    ['valveControlledZone', 'paused', at(-10), true],
    ['valveControlledZone', 'resuming', at(-10), false],
    ['valveControlledZone', 'resuming', null, false],
  ])('%s %s (start %s) → %s', (irrigationType, status, startTime, expected) => {
    expect(isTestable({ irrigationType, status, startTime }, now)).toBe(expected);
  });

  it.each<[ZoneApplicationStatus, string | null, boolean]>([
    ['running', null, true],
    ['pausing', at(-1), true],
    ['pausing', at(1), false],
    ['stopped', at(-1), false],
  ])('zone active (§4 "Active"): %s, start %s → %s', (status, startTime, expected) => {
    expect(isZoneActive({ status, startTime }, now)).toBe(expected);
  });
});
