import { describe, expect, it } from 'vitest';
import { nextRunTime, zoneRunState } from '../states/zone.ts';
import type { RunState } from './run-state.ts';
import {
  applyRunToZones,
  runControlStates,
  runProgramStatus,
  runZoneApplication,
} from './run-display.ts';
import { runRemainingMs } from './run-timing.ts';
import { handleRunRequest, stepRun } from './runner.ts';
import { COMMAND_GRACE_SECONDS } from './runtime.ts';
import { farm, Field, MINUTE, opened, T0, TIMEOUT_SECONDS } from './runner-test-kit.ts';

describe('starting a run', () => {
  it('starts the pump, then the first zone of every sequence, and is done once a valve is open', () => {
    const field = new Field(farm());
    field.request({ id: 1, action: 'start' });

    expect(field.state?.activity).toBe('starting');
    expect(field.statuses(1)).toEqual(['inProgress']);
    expect(field.sent.map((sent) => sent.command)).toEqual([
      { action: 'open', controls: [20], durationSeconds: expect.any(Number) },
    ]);

    field.runUntil(T0 + 100); // the pump confirms
    expect(opened(field)).toEqual([[20], [11], [13, 14]]);
    expect(field.zone(1).status).toBe('starting');

    field.runUntil(T0 + 200); // the valves confirm
    expect(field.openNow()).toEqual([11, 13, 14, 20]);
    expect(field.state?.activity).toBe('running');
    expect(field.statuses(1)).toEqual(['inProgress', 'done']);
    expect(field.zone(1).status).toBe('running');
    expect(field.zone(2).status).toBe('stopped');
  });

  it('gives each open a fail-safe a margin past the watering it carries', () => {
    const field = new Field(farm());
    field.request({ id: 1, action: 'start' });
    field.runUntil(T0 + 100);
    const valveOpen = field.sent.find(
      (sent) => sent.command.action === 'open' && sent.serialno === 'R-2',
    );
    expect(valveOpen?.command).toEqual({
      action: 'open',
      controls: [13, 14],
      durationSeconds: 180,
    });
    const pumpOpen = field.sent[0]?.command;
    // Sequence 1 waters for two minutes: the pump must outlast that.
    expect(pumpOpen).toMatchObject({ durationSeconds: 240 });
  });

  it("extends the pump's fail-safe when the run falls behind its plan", () => {
    // Answers take a minute each: by zone 2 the pump's first fail-safe would end too soon.
    const field = new Field(farm({ schedule: { sequences: [[1, 2]] } }), MINUTE);
    field.request({ id: 1, action: 'start' });
    field.runUntil(T0 + 4 * MINUTE);
    const pumpOpens = field.sent.filter(
      (sent) => sent.command.action === 'open' && sent.command.controls.includes(20),
    );
    expect(pumpOpens.map((sent) => [sent.at - T0, sent.command])).toEqual([
      [0, { action: 'open', controls: [20], durationSeconds: 240 }],
      [4 * MINUTE, { action: 'open', controls: [20], durationSeconds: 180 }],
    ]);
    field.runUntil();
    expect(field.state?.activity).toBe('stopped');
    expect(field.intervals.filter((interval) => interval.control === 20)).toHaveLength(1);
  });

  it('runs zones of a sequence in order, never together, and ends stopped and irrigated', () => {
    const field = new Field(farm());
    field.request({ id: 1, action: 'start' });
    field.runUntil();

    const state = field.state as RunState;
    expect(state.activity).toBe('stopped');
    expect(field.statuses(1)).toEqual(['inProgress', 'done']);
    const byControl = (id: number) => field.intervals.filter((interval) => interval.control === id);
    const [zone1] = byControl(11);
    const [zone2] = byControl(12);
    expect(zone1 && zone2 && zone1.to <= zone2.from).toBe(true);
    for (const valve of [11, 12, 13, 14]) expect(field.watered(valve)).toBe(MINUTE);
    // The pump ran from before the first valve opened until after the last one closed.
    const [pump] = byControl(20);
    const valves = field.intervals.filter((interval) => interval.control !== 20);
    expect(pump?.from).toBeLessThan(Math.min(...valves.map((interval) => interval.from)));
    expect(pump?.to).toBeGreaterThan(Math.max(...valves.map((interval) => interval.to)));
    expect(field.openNow()).toEqual([]);

    const now = new Date(field.now);
    const status = runProgramStatus(state, now);
    expect(status).toMatchObject({ activity: 'stopped', requestActive: false, requestId: 1 });
    expect(status.endTime).toBe(new Date(state.endTime ?? 0).toISOString());
    const zones = applyRunToZones(farm().program.zones, state, now);
    expect(zones.find((zone) => zone.id === 1)?.application).toMatchObject({
      status: 'stopped',
      cycleCount: 1,
      irrigated: true,
      lastCycle: true,
    });
    // The banned zone was never part of the run.
    expect(zones.find((zone) => zone.id === 4)?.application).toEqual(
      farm().program.zones[3]?.application,
    );
  });

  it('waits for a later start time with the request pending', () => {
    const field = new Field(farm());
    const later = new Date(T0 + 10 * MINUTE);
    field.request({ id: 1, action: 'start', startTime: later });
    expect(field.sent).toEqual([]);
    expect(field.statuses(1)).toEqual(['inProgress', 'pending']);
    expect(runProgramStatus(field.state as RunState, new Date(T0))).toMatchObject({
      activity: 'starting',
      startTime: later.toISOString(),
      requestActive: true,
    });
    field.runUntil(later.getTime() + 250);
    expect(field.statuses(1)).toEqual(['inProgress', 'pending', 'inProgress', 'done']);
    expect(field.sent[0]?.at).toBe(later.getTime());
  });
});

describe('which zones a start runs', () => {
  it('leaves manual zones out unless named, and runs named zones of no sequence in a lane of their own', () => {
    const manual = farm({ schedule: { variations: [{ id: 2, variation: 0, manual: true }] } });
    const whole = new Field(manual);
    whole.request({ id: 1, action: 'start' });
    whole.runUntil();
    expect(whole.state?.zones.map((zone) => zone.id)).toEqual([1, 3]);

    const named = new Field(manual);
    named.request({ id: 1, action: 'start', zones: [4, 2] });
    expect(named.state?.lanes).toEqual([
      { current: 2, queue: [] },
      { current: null, queue: [] },
      { current: 4, queue: [] },
    ]);
    named.runUntil();
    expect(named.watered(12)).toBe(MINUTE);
    expect(named.watered(15)).toBe(MINUTE);
    expect(named.state?.activity).toBe('stopped');
  });

  it('refuses a run with nothing to water', () => {
    const field = new Field(farm({ zones: { 1: { depth: 0 }, 2: { depth: 0 }, 3: { depth: 0 } } }));
    field.request({ id: 1, action: 'start' });
    expect(field.state).toBeNull();
    expect(field.statuses(1)).toEqual(['failed']);
  });

  it('refuses a second start while running, and carries out a request only once', () => {
    const field = new Field(farm());
    field.request({ id: 1, action: 'start' });
    field.runUntil(T0 + 500);
    const sentBefore = field.sent.length;
    field.request({ id: 1, action: 'start' });
    expect(field.sent.length).toBe(sentBefore);
    field.request({ id: 2, action: 'start' });
    expect(field.statuses(2)).toEqual(['failed']);
    expect(field.state?.request?.id).toBe(1);
  });

  it('adds named zones to a running program', () => {
    const field = new Field(
      farm({ schedule: { variations: [{ id: 2, variation: 0, manual: true }] } }),
    );
    field.request({ id: 1, action: 'start' });
    field.runUntil(T0 + 500);
    field.request({ id: 2, action: 'start', zones: [2] });
    expect(field.state?.lanes[0]?.queue).toEqual([2]);
    field.runUntil();
    expect(field.statuses(2)).toEqual(['inProgress', 'done']);
    expect(field.watered(12)).toBe(MINUTE);
  });
});

describe('runtime, cycles, repeats and valves', () => {
  it('splits a zone into cycles with a soak between, and stops the pump while nothing is open', () => {
    const field = new Field(farm({ schedule: { sequences: [[1]] }, zones: { 1: { cycles: 2 } } }));
    field.request({ id: 1, action: 'start' });
    field.runUntil(T0 + 200 + MINUTE / 2 + 300); // first cycle over, soaking
    expect(field.zone(1)).toMatchObject({ phase: 'soaking', cyclesDone: 1, status: 'running' });
    expect(field.openNow()).toEqual([]);
    expect(runZoneApplication(field.zone(1), new Date(field.now))).toMatchObject({
      cycleCount: 1,
      lastCycle: false,
    });
    field.runUntil();
    const intervals = field.intervals.filter((interval) => interval.control === 11);
    expect(intervals).toHaveLength(2);
    const [first, second] = intervals;
    expect((second?.from ?? 0) - (first?.to ?? 0)).toBeGreaterThanOrEqual(MINUTE / 2);
    expect(field.watered(11)).toBe(MINUTE);
    expect(field.intervals.filter((interval) => interval.control === 20)).toHaveLength(2);
  });

  it('repeats a zone after its interval, showing repeats and the next run time meanwhile', () => {
    const hour = 60 * MINUTE;
    const setup = farm({
      schedule: { sequences: [[1]] },
      zones: { 1: { repeat: true, repeatInterval: 1, repeatCount: 2 } },
    });
    const field = new Field(setup);
    field.request({ id: 1, action: 'start' });
    field.runUntil(T0 + 5 * MINUTE);

    const state = field.state as RunState;
    expect(state.activity).toBe('running');
    const [zone] = applyRunToZones(setup.program.zones, state, new Date(field.now));
    expect(zone && zoneRunState(zone.application, zone.setting)).toBe('repeats');
    expect(zone?.setting.repeatCount).toBe(2);
    const ended = Date.parse(zone?.application.endTime ?? '');
    expect(zone && nextRunTime(zone.application, zone.setting)?.getTime()).toBe(ended + hour);
    expect(runRemainingMs(state, field.now)).toBeGreaterThan(hour);

    field.runUntil(ended + hour + 500);
    const repeating = applyRunToZones(
      setup.program.zones,
      field.state as RunState,
      new Date(field.now),
    );
    expect(repeating[0]?.application.status).toBe('running');
    expect(repeating[0]?.setting.repeatCount).toBe(1);

    field.runUntil();
    expect(field.state?.activity).toBe('stopped');
    expect(field.watered(11)).toBe(3 * MINUTE);
    const done = applyRunToZones(setup.program.zones, field.state as RunState, new Date(field.now));
    expect(done[0] && zoneRunState(done[0].application, done[0].setting)).toBe('stopped');
  });

  it('gives each valve its control variation and leaves excluded valves closed', () => {
    const field = new Field(
      farm({
        schedule: {
          sequences: [[3]],
          controls: [
            { id: 13, variation: 50, exclude: false },
            { id: 14, variation: 0, exclude: true },
          ],
        },
      }),
    );
    field.request({ id: 1, action: 'start' });
    field.runUntil();
    expect(field.watered(13)).toBe(1.5 * MINUTE);
    expect(opened(field).flat()).not.toContain(14);
    const excluded = runControlStates(field.state as RunState).find((control) => control.id === 14);
    expect(excluded?.application).toMatchObject({ exclude: true, status: 'stopped' });
  });

  it('tests each zone of the sequences in turn for the test time', () => {
    const field = new Field({ ...farm(), testZoneSeconds: 5 });
    field.request({ id: 1, action: 'test' });
    expect(field.state?.kind).toBe('test');
    field.runUntil();
    expect(field.statuses(1)).toEqual(['inProgress', 'done']);
    expect(opened(field).filter((controls) => !controls.includes(20))).toEqual([
      [11],
      [12],
      [13, 14],
    ]);
    for (const valve of [11, 12, 13, 14]) expect(field.watered(valve)).toBe(5000);
    const zones = applyRunToZones(
      farm().program.zones,
      field.state as RunState,
      new Date(field.now),
    );
    expect(zones.every((zone) => zone.setting.repeatCount === 0)).toBe(true);
  });
});

describe('faults', () => {
  it('marks a valve whose open fails, ends its zone unirrigated and keeps the program going', () => {
    const field = new Field(farm(), 100, (sent) =>
      sent.command.action === 'open' && sent.command.controls.includes(11) ? 'failed' : 'done',
    );
    field.request({ id: 1, action: 'start' });
    field.runUntil();
    expect(field.state?.activity).toBe('stopped');
    expect(field.statuses(1)).toEqual(['inProgress', 'done']);
    expect(field.zone(1)).toMatchObject({ irrigated: false, status: 'stopped' });
    expect(field.zone(2).irrigated).toBe(true);
    const valve = runControlStates(field.state as RunState).find((control) => control.id === 11);
    expect(valve).toMatchObject({ application: { hasFaults: true }, startRequested: false });
  });

  it('takes an unanswered open as failed at its deadline and closes the valve to be sure', () => {
    const field = new Field(
      farm({ schedule: { sequences: [[1, 2]], attachments: [] } }),
      100,
      (sent) =>
        sent.command.action === 'open' && sent.command.controls.includes(11) ? 'none' : 'done',
    );
    field.request({ id: 1, action: 'start' });
    field.runUntil(T0 + (TIMEOUT_SECONDS + COMMAND_GRACE_SECONDS) * 1000);
    expect(field.zone(1).valves[0]?.fault).toBe('no answer from the device');
    expect(field.sent.find((sent) => sent.ref === null)?.command).toEqual({
      action: 'close',
      controls: [11],
    });
    field.runUntil();
    expect(field.watered(12)).toBe(MINUTE);
  });

  it('fails the start when no valve opens at all, and the program shows stopped again', () => {
    const field = new Field(farm(), 100, (sent) =>
      sent.command.action === 'open' && !sent.command.controls.includes(20) ? 'failed' : 'done',
    );
    field.request({ id: 1, action: 'start' });
    field.runUntil();
    expect(field.statuses(1)).toEqual(['inProgress', 'failed']);
    expect(field.state?.request?.reason).toBe('no valve could be opened');
    expect(field.state?.activity).toBe('stopped');
  });

  it('matches an answer to a command whose id was never recorded by its shape', () => {
    const field = new Field(farm({ schedule: { attachments: [] } }));
    const started = handleRunRequest(
      null,
      { id: 1, action: 'start', zones: null, startTime: null },
      field.setup,
      new Date(T0),
    );
    const state = started.state as RunState;
    const next = stepRun(
      state,
      {
        type: 'commandSettled',
        commandId: 'unknown',
        serialno: 'R-2',
        action: 'open',
        controls: [14, 13],
        status: 'done',
        reason: null,
      },
      new Date(T0 + 100),
    );
    expect(next.state?.zones.find((zone) => zone.id === 3)?.status).toBe('running');
  });
});

describe('the flow supervisor shutting a zone off', () => {
  function shutOff(field: Field, zones: number[]) {
    if (!field.state) throw new Error('no run');
    field.apply(stepRun(field.state, { type: 'shutOff', zones }, new Date(field.now)));
  }

  it('closes the zone now and goes on with the next zone of its sequence', () => {
    const field = new Field(farm());
    field.request({ id: 1, action: 'start' });
    field.runUntil(T0 + 10_000);
    expect(field.openNow()).toEqual([11, 13, 14, 20]);

    shutOff(field, [1]);
    field.runUntil(T0 + 20_000);

    // Zone 1's valve closed 50 s early, zone 2 took its turn; zone 3 of the other sequence ran on.
    expect(field.intervals).toContainEqual({ control: 11, from: T0 + 200, to: T0 + 10_100 });
    expect(field.openNow()).toEqual([12, 13, 14, 20]);
    // It watered, for less than its time: the shut-off is told in the program's decisions.
    expect(field.zone(1)).toMatchObject({ phase: 'done', status: 'stopped', repeatsLeft: 0 });
    expect(field.watered(11)).toBe(10_000 - 200);
    field.runUntil();
    expect(field.zone(2)).toMatchObject({ phase: 'done', irrigated: true });
    expect(field.state?.activity).toBe('stopped');
  });

  it('gives up the zone repeats and cycles still to come', () => {
    const field = new Field(farm({ zones: { 1: { cycles: 2 } } }));
    field.request({ id: 1, action: 'start' });
    field.runUntil(T0 + 10_000);
    shutOff(field, [1]);
    field.runUntil();
    const zone1Opens = opened(field).filter((controls) => controls.includes(11));
    expect(zone1Opens).toHaveLength(1);
    expect(field.zone(1).cyclesDone).toBe(2);
  });

  it('leaves a queued zone, and a run without the zone, as they are', () => {
    const field = new Field(farm());
    field.request({ id: 1, action: 'start' });
    field.runUntil(T0 + 10_000);
    const before = JSON.stringify(field.state);
    shutOff(field, [2, 99]);
    expect(JSON.stringify(field.state)).toBe(before);
  });
});
