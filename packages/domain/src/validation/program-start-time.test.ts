import { describe, expect, it } from 'vitest';
import type { ProgramActivity } from '../entities/vocabulary.ts';
import {
  MAX_START_AHEAD_DAYS,
  pendingStartTime,
  siteDateTimeFromInput,
  siteDateTimeInputValue,
  START_TIME_IN_PAST,
  START_TIME_TOO_FAR,
  startTimeProblem,
} from './program-start-time.ts';
import { DAY, MINUTE } from '../testing/durations.ts';

const NOW = new Date('2026-11-28T16:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

describe('a delayed start: no earlier than now (a minute of grace), at most 7 days ahead', () => {
  it.each<[string, Date, string | null]>([
    ['now', at(0), null],
    ['two minutes ahead', at(2 * MINUTE), null],
    ['a minute ago (the minute picked is under way)', at(-MINUTE), null],
    ['a minute and a second ago', at(-MINUTE - 1000), START_TIME_IN_PAST],
    ['yesterday', at(-DAY), START_TIME_IN_PAST],
    ['exactly 7 days ahead', at(7 * DAY), null],
    ['7 days and a second ahead', at(7 * DAY + 1000), START_TIME_TOO_FAR],
    ['a month ahead', at(30 * DAY), START_TIME_TOO_FAR],
    ['not a date', new Date(Number.NaN), START_TIME_IN_PAST],
  ])('%s', (_why, startTime, problem) => {
    expect(startTimeProblem(startTime, NOW)).toBe(problem);
  });

  it('says what is wrong in words', () => {
    expect(MAX_START_AHEAD_DAYS).toBe(7);
    expect(START_TIME_IN_PAST).toBe('Start time is in the past: choose a later time, or start now');
    expect(START_TIME_TOO_FAR).toBe('Start time is more than 7 days ahead');
  });
});

describe('a pending start: starting, with its start time still to come', () => {
  it.each<[ProgramActivity, string | null, string | null]>([
    ['starting', '2026-11-28T16:02:00.000Z', '2026-11-28T16:02:00.000Z'],
    ['starting', '2026-11-28T16:00:00.000Z', null],
    ['starting', '2026-11-28T15:59:00.000Z', null],
    ['starting', null, null],
    ['running', '2026-11-28T16:02:00.000Z', null],
    ['pausing', '2026-11-28T16:02:00.000Z', null],
    ['stopped', '2026-11-28T16:02:00.000Z', null],
  ])('%s from %s → %s', (activity, startTime, pending) => {
    expect(pendingStartTime({ activity, startTime }, NOW)?.toISOString() ?? null).toBe(pending);
  });
});

describe("a date-time input's text on the site's wall clock", () => {
  it.each<[string, string, string, string | null]>([
    ['NZ summer (UTC+13)', '2026-11-29T06:30', 'Pacific/Auckland', '2026-11-28T17:30:00.000Z'],
    ['NZ winter (UTC+12)', '2026-06-29T06:30', 'Pacific/Auckland', '2026-06-28T18:30:00.000Z'],
    // 27 Sep 2026, 02:00 → 03:00 in Auckland: 02:30 does not exist and is pushed on by the gap.
    ['skipped by DST', '2026-09-27T02:30', 'Pacific/Auckland', '2026-09-26T14:30:00.000Z'],
    // 5 Apr 2026, 03:00 → 02:00 in Auckland: 02:30 happens twice; the first is taken.
    ['repeated by DST', '2026-04-05T02:30', 'Pacific/Auckland', '2026-04-04T13:30:00.000Z'],
    ['Melbourne', '2026-11-29T06:30', 'Australia/Melbourne', '2026-11-28T19:30:00.000Z'],
    ['UTC', '2026-11-29T06:30', 'UTC', '2026-11-29T06:30:00.000Z'],
    ['with seconds', '2026-11-29T06:30:15', 'UTC', '2026-11-29T06:30:15.000Z'],
    ['no such day', '2026-02-30T06:30', 'UTC', null],
    ['no such hour', '2026-11-29T24:00', 'UTC', null],
    ['empty', '', 'UTC', null],
    ['not a date-time', 'tomorrow', 'UTC', null],
  ])('%s: %s in %s → %s', (_why, value, timeZone, instant) => {
    expect(siteDateTimeFromInput(value, timeZone)?.toISOString() ?? null).toBe(instant);
  });

  it.each<[string, string, string]>([
    ['2026-11-28T17:30:00.000Z', 'Pacific/Auckland', '2026-11-29T06:30'],
    ['2026-09-26T14:30:00.000Z', 'Pacific/Auckland', '2026-09-27T03:30'],
    ['2026-11-28T19:30:59.000Z', 'Australia/Melbourne', '2026-11-29T06:30'],
  ])('%s in %s reads %s', (instant, timeZone, value) => {
    expect(siteDateTimeInputValue(new Date(instant), timeZone)).toBe(value);
  });
});
