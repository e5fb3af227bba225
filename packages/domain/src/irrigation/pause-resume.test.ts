import { describe, expect, it } from 'vitest';
import { remainingMinutes } from '../states/zone.ts';
import type { RunState } from './run-state.ts';
import { runProgramStatus, runZoneApplication } from './run-display.ts';
import { farm, Field, MINUTE, T0 } from './runner-test-kit.ts';

describe('pause and resume', () => {
  it('closes every valve and then the pump, and resumes with exactly the watering owed', () => {
    const setup = farm();
    const field = new Field(setup);
    field.request({ id: 1, action: 'start' });
    field.runUntil(T0 + 20_000);
    field.request({ id: 2, action: 'pause' });
    expect(field.state?.activity).toBe('pausing');
    expect(field.zone(1).status).toBe('pausing');
    field.runUntil(T0 + 20_100); // valves confirm closed; the pump is told to stop
    expect(field.openNow()).toEqual([20]);
    field.runUntil(T0 + 20_200);
    expect(field.openNow()).toEqual([]);
    expect(field.state?.activity).toBe('paused');
    expect(field.statuses(2)).toEqual(['inProgress', 'done']);

    const paused = field.state as RunState;
    const owed = MINUTE - (20_000 - 200);
    expect(field.zone(1)).toMatchObject({ status: 'paused', stoppedTime: T0 + 20_000 });
    const application = runZoneApplication(field.zone(1), new Date(T0 + 40 * MINUTE));
    expect(Date.parse(application.endTime ?? '') - (T0 + 20_000)).toBe(owed);
    expect(remainingMinutes(application, new Date(T0 + 40 * MINUTE))).toBe(1);
    expect(runProgramStatus(paused, new Date(field.now))).toMatchObject({
      activity: 'paused',
      stoppedTime: new Date(T0 + 20_000).toISOString(),
    });
    // Nothing happens while paused.
    field.runUntil(T0 + 60 * MINUTE);
    expect(field.openNow()).toEqual([]);

    field.request({ id: 3, action: 'resume' });
    expect(field.state?.activity).toBe('resuming');
    expect(field.zone(1)).toMatchObject({ status: 'resuming', resumeTime: T0 + 60 * MINUTE });
    field.runUntil(T0 + 60 * MINUTE + 200);
    expect(field.state?.activity).toBe('running');
    expect(field.statuses(3)).toEqual(['inProgress', 'done']);
    field.runUntil();
    expect(field.state?.activity).toBe('stopped');
    for (const valve of [11, 12, 13, 14]) expect(field.watered(valve)).toBe(MINUTE);
  });

  it('a pause before the start time cancels the start: stopped, nothing opened, the time passes by', () => {
    const field = new Field(farm());
    field.request({ id: 1, action: 'start', startTime: new Date(T0 + MINUTE) });
    field.request({ id: 2, action: 'pause' });
    expect(field.state?.activity).toBe('stopped');
    expect(field.statuses(1)).toEqual(['inProgress', 'pending', 'cancelled']);
    expect(field.statuses(2)).toEqual(['inProgress', 'done']);
    expect(runProgramStatus(field.state as RunState, new Date(T0))).toMatchObject({
      activity: 'stopped',
      requestActive: false,
      stoppedTime: null,
    });
    // Stopped, not paused: resume is refused, and the start time passes with nothing opened.
    field.request({ id: 3, action: 'resume' });
    expect(field.statuses(3)).toEqual(['failed']);
    field.runUntil(T0 + 10 * MINUTE);
    expect(field.sent).toEqual([]);
    // It starts again as any stopped program does.
    field.request({ id: 4, action: 'start' });
    field.runUntil();
    expect(field.statuses(4).at(-1)).toBe('done');
    expect(field.watered(11)).toBe(MINUTE);
  });

  it('a pause once the start time has come pauses as usual', () => {
    const field = new Field(farm());
    field.request({ id: 1, action: 'start', startTime: new Date(T0 + MINUTE) });
    field.runUntil(T0 + MINUTE + 20_000);
    field.request({ id: 2, action: 'pause' });
    field.runUntil(T0 + MINUTE + 20_500);
    expect(field.state?.activity).toBe('paused');
    expect(field.statuses(2)).toEqual(['inProgress', 'done']);
  });

  it('stops just the named zones on a zone pause, and their lane moves on', () => {
    const field = new Field(farm());
    field.request({ id: 1, action: 'start' });
    field.runUntil(T0 + 20_000);
    field.request({ id: 2, action: 'pause', zones: [1] });
    expect(field.state?.activity).toBe('running');
    field.runUntil(T0 + 20_300);
    expect(field.statuses(2)).toEqual(['inProgress', 'done']);
    expect(field.zone(1)).toMatchObject({ status: 'stopped', irrigated: false });
    expect(field.openNow()).toEqual([12, 13, 14, 20]);
    field.runUntil();
    expect(field.watered(11)).toBe(20_000 - 200);
    expect(field.watered(12)).toBe(MINUTE);
  });

  it('refuses to pause or resume what is not running or paused', () => {
    const field = new Field(farm());
    field.request({ id: 1, action: 'pause' });
    expect(field.statuses(1)).toEqual(['failed']);
    field.request({ id: 2, action: 'start' });
    field.request({ id: 3, action: 'resume' });
    expect(field.statuses(3)).toEqual(['failed']);
  });
});
