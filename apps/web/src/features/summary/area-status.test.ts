import { COLOURS } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { areaHealth, programGlance, shownAreaType } from './area-status.ts';

const NOW = new Date('2026-11-21T08:00:00Z');

describe('area status on the summary', () => {
  it.each([
    [{ status: 'normal', hasFaults: true }, 'fault'],
    [{ status: 'fault', hasFaults: false }, 'fault'],
    [{ status: 'warning', hasFaults: false }, 'warning'],
    [{ status: 'normal', hasFaults: false }, 'normal'],
    [{ status: null, hasFaults: false }, 'unknown'],
  ] as const)('%o reads as %s', (area, health) => {
    expect(areaHealth(area)).toBe(health);
  });

  it('treats an empty type as water (§3)', () => {
    expect(shownAreaType('')).toBe('water');
    expect(shownAreaType('frost')).toBe('frost');
  });

  it('shows programs by the §4 display rules', () => {
    const program = {
      id: 1,
      name: 'P',
      activity: 'running' as const,
      startTime: '2026-11-21T07:00:00Z',
      endTime: '2026-11-21T09:00:00Z',
    };
    expect(programGlance(program, NOW)).toEqual({ display: 'running', colour: COLOURS.running });
    // Running with an end time in the past is shown as stopped.
    expect(programGlance({ ...program, endTime: '2026-11-21T07:30:00Z' }, NOW)).toEqual({
      display: 'stopped',
      colour: COLOURS.stopped,
    });
    expect(programGlance({ ...program, activity: 'paused' }, NOW)?.colour).toBe(COLOURS.paused);
    expect(programGlance(null, NOW)).toBeNull();
  });
});
