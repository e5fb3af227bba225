import { describe, expect, it } from 'vitest';
import type { ProgramActivity, ProgramDisplay } from '../entities/vocabulary.ts';
import {
  hasProgramIrrigated,
  isManualProgram,
  isProgramActive,
  isRunningColour,
  lastIrrigationTime,
  programDisplay,
  programDisplayColour,
  programReadsAs,
  shownActivity,
  type ProgramReading,
  type ProgramStatusInput,
} from './program.ts';

const now = new Date('2024-09-01T12:00:00Z');
const past = '2024-09-01T11:00:00Z';
const future = '2024-09-01T13:00:00Z';
const exactlyNow = '2024-09-01T12:00:00Z';

describe('§4 program activity shown in the running colour', () => {
  it.each<[ProgramActivity, boolean]>([
    ['running', true],
    ['starting', true],
    ['resuming', true],
    ['pausing', true],
    ['stopped', false],
    ['paused', false],
  ])('%s is in the running colour: %s', (activity, expected) => {
    expect(isRunningColour(activity)).toBe(expected);
  });
});

describe('§4 "Active means running, or pausing while start time has passed"', () => {
  it.each<[string, ProgramStatusInput, boolean]>([
    ['running → true', { activity: 'running' }, true],
    ['running with a future start time → true', { activity: 'running', startTime: future }, true],
    ['pausing, started an hour ago → true', { activity: 'pausing', startTime: past }, true],
    [
      'pausing, start time exactly now → true',
      { activity: 'pausing', startTime: exactlyNow },
      true,
    ],
    ['pausing, start time ahead → false', { activity: 'pausing', startTime: future }, false],
    ['pausing, no start time → false', { activity: 'pausing' }, false],
    ['pausing, null start time → false', { activity: 'pausing', startTime: null }, false],
    ['starting, started → false', { activity: 'starting', startTime: past }, false],
    ['resuming, started → false', { activity: 'resuming', startTime: past }, false],
    ['stopped → false', { activity: 'stopped', startTime: past }, false],
    ['paused → false', { activity: 'paused', startTime: past }, false],
  ])('%s', (_, status, expected) => {
    expect(isProgramActive(status, now)).toBe(expected);
  });
});

describe('§4 "Status running with an end time in the past is shown as stopped"', () => {
  it.each<[string, ProgramStatusInput, ProgramActivity]>([
    ['running, end time past → stopped', { activity: 'running', endTime: past }, 'stopped'],
    [
      'running, end time exactly now → stopped',
      { activity: 'running', endTime: exactlyNow },
      'stopped',
    ],
    ['running, end time ahead → running', { activity: 'running', endTime: future }, 'running'],
    ['running, no end time → running', { activity: 'running' }, 'running'],
    ['running, null end time → running', { activity: 'running', endTime: null }, 'running'],
    [
      'starting, end time past (only running is corrected) → starting',
      { activity: 'starting', endTime: past },
      'starting',
    ],
    ['pausing, end time past → pausing', { activity: 'pausing', endTime: past }, 'pausing'],
    ['paused, end time past → paused', { activity: 'paused', endTime: past }, 'paused'],
  ])('%s', (_, status, expected) => {
    expect(shownActivity(status, now)).toBe(expected);
  });
});

describe('§4 "A program reads as stopped/paused when so, and as running when running or starting"', () => {
  it.each<[string, ProgramStatusInput, ProgramReading]>([
    ['stopped → stopped', { activity: 'stopped' }, 'stopped'],
    ['paused → paused', { activity: 'paused' }, 'paused'],
    ['running → running', { activity: 'running', endTime: future }, 'running'],
    ['starting → running', { activity: 'starting' }, 'running'],
    ['running with end time past → stopped', { activity: 'running', endTime: past }, 'stopped'],
    ['resuming (decision: itself) → resuming', { activity: 'resuming' }, 'resuming'],
    ['pausing (decision: itself) → pausing', { activity: 'pausing' }, 'pausing'],
  ])('%s', (_, status, expected) => {
    expect(programReadsAs(status, now)).toBe(expected);
  });
});

describe('§4 program display (running colours, stopped, paused, irrigated)', () => {
  it.each<[string, ProgramStatusInput, boolean, ProgramDisplay]>([
    ['stopped, irrigated → irrigated', { activity: 'stopped' }, true, 'irrigated'],
    ['stopped, not irrigated → stopped', { activity: 'stopped' }, false, 'stopped'],
    [
      'running past its end, irrigated → irrigated',
      { activity: 'running', endTime: past },
      true,
      'irrigated',
    ],
    [
      'running past its end, not irrigated → stopped',
      { activity: 'running', endTime: past },
      false,
      'stopped',
    ],
    ['running, irrigated → running', { activity: 'running', endTime: future }, true, 'running'],
    ['paused, irrigated → paused', { activity: 'paused' }, true, 'paused'],
    ['starting → starting', { activity: 'starting' }, false, 'starting'],
    ['resuming → resuming', { activity: 'resuming' }, false, 'resuming'],
    ['pausing → pausing', { activity: 'pausing' }, true, 'pausing'],
  ])('%s', (_, status, irrigated, expected) => {
    expect(programDisplay(status, now, irrigated)).toBe(expected);
  });

  it('irrigated defaults to false', () => {
    expect(programDisplay({ activity: 'stopped' }, now)).toBe('stopped');
  });

  it.each<[ProgramDisplay, string]>([
    ['running', '#448AFF'],
    ['starting', '#448AFF'],
    ['resuming', '#448AFF'],
    ['pausing', '#448AFF'],
    ['stopped', '#ECEFF1'],
    ['paused', '#FFB300'],
    ['irrigated', '#4CAF50'],
  ])('§9 colour of %s is %s', (display, colour) => {
    expect(programDisplayColour(display)).toBe(colour);
  });

  it('§9 running colour is #448AFF', () => {
    expect(programDisplayColour('running')).toBe('#448AFF');
  });
});

describe('§4 last-irrigation time', () => {
  const stopped = '2024-09-01T10:30:00Z';
  const start = '2024-09-01T09:00:00Z';
  const end = '2024-09-01T11:00:00Z';
  it.each<[string, ProgramStatusInput, string | null]>([
    [
      'stopped time wins over everything → stopped',
      { activity: 'running', stoppedTime: stopped, startTime: start, endTime: end },
      stopped,
    ],
    [
      'stopped time set while stopped → stopped',
      { activity: 'stopped', stoppedTime: stopped, endTime: end },
      stopped,
    ],
    [
      'running, no stopped time: now',
      { activity: 'running', startTime: start, endTime: end },
      now.toISOString(),
    ],
    [
      'pausing, no stopped time: now',
      { activity: 'pausing', startTime: start, endTime: end },
      now.toISOString(),
    ],
    ['starting: start time', { activity: 'starting', startTime: start, endTime: end }, start],
    ['starting without a start time', { activity: 'starting', endTime: end }, null],
    ['stopped: end time', { activity: 'stopped', startTime: start, endTime: end }, end],
    ['paused: end time', { activity: 'paused', startTime: start, endTime: end }, end],
    ['resuming: end time', { activity: 'resuming', startTime: start, endTime: end }, end],
    ['stopped with no times', { activity: 'stopped' }, null],
    [
      'null stopped time falls through → end',
      { activity: 'stopped', stoppedTime: null, endTime: end },
      end,
    ],
  ])('%s', (_, status, expected) => {
    const result = lastIrrigationTime(status, now);
    expect(result === null ? null : result.getTime()).toBe(
      expected === null ? null : Date.parse(expected),
    );
  });

  it('returns a copy of now, not the caller’s Date', () => {
    expect(lastIrrigationTime({ activity: 'running' }, now)).not.toBe(now);
  });
});

describe('§4 "Manual when schedule.manual is true"', () => {
  it.each<[string, { manual?: boolean | null } | null | undefined, boolean]>([
    ['true → true', { manual: true }, true],
    ['false → false', { manual: false }, false],
    ['missing → false', {}, false],
    ['null → false', { manual: null }, false],
    ['no schedule → false', undefined, false],
    ['null schedule → false', null, false],
  ])('%s', (_, schedule, expected) => {
    expect(isManualProgram(schedule)).toBe(expected);
  });
});

describe('a program has irrigated when some zone reads irrigated (§4 irrigation colour)', () => {
  const zone = (irrigated?: boolean | null, lastCycle?: boolean | null) => ({
    application: { irrigated, lastCycle },
  });
  it.each<[string, ReturnType<typeof zone>[], boolean]>([
    ['no zones → false', [], false],
    ['no zone irrigated → false', [zone(false), zone(undefined)], false],
    ['one zone irrigated, last cycle undefined → true', [zone(false), zone(true)], true],
    ['irrigated on its last cycle → true', [zone(true, true)], true],
    ['irrigated but not on its last cycle → false', [zone(true, false)], false],
    ['irrigated null → false', [zone(null, true)], false],
  ])('%s', (_, zones, expected) => {
    expect(hasProgramIrrigated(zones)).toBe(expected);
  });
});
