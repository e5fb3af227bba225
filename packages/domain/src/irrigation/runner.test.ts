import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProgramSchedule, ProgramZone } from '../entities/program.ts';
import type { RequestStatus } from '../entities/vocabulary.ts';
import { nextRunTime, remainingMinutes, zoneRunState } from '../states/zone.ts';
import { runStateSchema, type RunState } from './run-state.ts';
import {
  applyRunToZones,
  runControlStates,
  runProgramStatus,
  runZoneApplication,
} from './run-display.ts';
import type {
  RunCommand,
  RunControl,
  RunEvent,
  RunRequestInput,
  RunSetup,
  StepResult,
} from './run-step.ts';
import { runRemainingMs } from './run-timing.ts';
import { handleRunRequest, stepRun } from './runner.ts';
import {
  COMMAND_GRACE_SECONDS,
  cycleMsOf,
  cyclesOf,
  soakMsOf,
  valveCycleMs,
  zoneRuntimeMs,
} from './runtime.ts';

// ---------------------------------------------------------------------------------------------
// A simulated field: devices answer every command after `delayMs` (done, failed or not at all)
// and keep the time each control was really open.

type Answer = 'done' | 'failed' | 'none';
type Sent = { at: number; ref: string | null; serialno: string; command: RunCommand };
type Interval = { control: number; from: number; to: number };

const T0 = Date.parse('2026-11-21T09:00:00.000Z');
const TIMEOUT_SECONDS = 30;

class Field {
  now = T0;
  state: RunState | null = null;
  readonly sent: Sent[] = [];
  readonly requests = new Map<number, RequestStatus[]>();
  readonly intervals: Interval[] = [];
  private readonly openSince = new Map<number, number>();
  private readonly queue: {
    at: number;
    seq: number;
    event: RunEvent | 'answer';
    run?: () => void;
  }[] = [];
  private seq = 0;
  private ids = 0;

  constructor(
    readonly setup: RunSetup,
    private readonly delayMs = 100,
    private readonly answer: (sent: Sent) => Answer = () => 'done',
  ) {}

  request(input: Partial<RunRequestInput> & Pick<RunRequestInput, 'id' | 'action'>) {
    this.apply(
      handleRunRequest(
        this.state,
        { zones: null, startTime: null, ...input },
        this.setup,
        new Date(this.now),
      ),
    );
  }

  statuses(requestId: number): RequestStatus[] {
    return this.requests.get(requestId) ?? [];
  }

  private push(at: number, event: RunEvent | 'answer', run?: () => void) {
    this.queue.push({ at, seq: this.seq++, event, run });
  }

  apply(result: StepResult) {
    this.state = result.state;
    for (const effect of result.effects) {
      if (effect.kind === 'request') {
        this.requests.set(effect.requestId, [...this.statuses(effect.requestId), effect.status]);
        continue;
      }
      const sent: Sent = {
        at: this.now,
        ref: effect.ref,
        serialno: effect.serialno,
        command: effect.command,
      };
      this.sent.push(sent);
      const commandId = `cmd-${this.ids++}`;
      if (effect.ref) this.push(this.now, { type: 'commandSent', ref: effect.ref, commandId });
      const answer = this.answer(sent);
      if (answer === 'none') continue;
      this.push(this.now + this.delayMs, 'answer', () => {
        if (answer === 'done') this.actuate(effect.command);
        this.deliver({
          type: 'commandSettled',
          commandId,
          serialno: effect.serialno,
          action: effect.command.action,
          controls: effect.command.controls,
          status: answer,
          reason: answer === 'failed' ? 'valve fault' : null,
        });
      });
    }
    const wake = result.nextWakeAt?.getTime();
    if (
      wake !== undefined &&
      !this.queue.some((item) => item.at === wake && item.event !== 'answer')
    ) {
      this.push(Math.max(wake, this.now), { type: 'wake' });
    }
  }

  private actuate(command: RunCommand) {
    for (const control of command.controls) {
      const since = this.openSince.get(control);
      if (command.action === 'open' && since === undefined) this.openSince.set(control, this.now);
      if (command.action === 'close' && since !== undefined) {
        this.intervals.push({ control, from: since, to: this.now });
        this.openSince.delete(control);
      }
    }
  }

  private deliver(event: RunEvent) {
    if (this.state) this.apply(stepRun(this.state, event, new Date(this.now)));
  }

  /** Runs events in time order up to `until` (or until nothing is left). */
  runUntil(until = Number.POSITIVE_INFINITY) {
    for (let guard = 0; guard < 100_000; guard++) {
      this.queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.queue[0];
      if (!next || next.at > until) break;
      this.queue.shift();
      this.now = next.at;
      if (next.run) next.run();
      else if (next.event !== 'answer') this.deliver(next.event);
    }
    if (until !== Number.POSITIVE_INFINITY) this.now = Math.max(this.now, until);
  }

  /** Controls open right now, as the devices have them. */
  openNow(): number[] {
    return [...this.openSince.keys()].sort((a, b) => a - b);
  }

  zone(id: number) {
    const zone = this.state?.zones.find((candidate) => candidate.id === id);
    if (!zone) throw new Error(`no zone ${id} in the run`);
    return zone;
  }

  watered(control: number): number {
    const valve = this.state?.zones.flatMap((zone) => zone.valves).find((v) => v.id === control);
    return valve?.wateredMs ?? 0;
  }
}

// ---------------------------------------------------------------------------------------------
// A small farm: sequences [1, 2] and [3]; one minute per zone (1 mm at 60 mm/h).

const MINUTE = 60_000;

function zoneOf(id: number, setting: Partial<ProgramZone['setting']> = {}): ProgramZone {
  return {
    id,
    application: { irrigationType: 'valveControlledZone', status: 'stopped', cycleCount: 0 },
    setting: {
      id,
      depth: 1,
      variation: 0,
      cycles: 1,
      applicationRate: 60,
      manual: false,
      repeat: false,
      repeatInterval: 0,
      repeatCount: 0,
      banned: false,
      ...setting,
    },
  };
}

const R1 = { siteId: 1, serialno: 'R-1' };
const R2 = { siteId: 1, serialno: 'R-2' };

const farmControls: RunControl[] = [
  { id: 11, type: 'valve', section: 1, device: R1 },
  { id: 12, type: 'valve', section: 2, device: R1 },
  { id: 13, type: 'valve', section: 3, device: R2 },
  { id: 14, type: 'valve', section: 3, device: R2 },
  { id: 15, type: 'valve', section: 4, device: R2 },
  { id: 20, type: 'pump', section: null, device: R1 },
];

function farm(
  changes: {
    schedule?: Partial<ProgramSchedule>;
    zones?: Record<number, Partial<ProgramZone['setting']>>;
    controls?: RunControl[];
  } = {},
): RunSetup {
  return {
    program: {
      id: 7,
      schedule: {
        manual: false,
        attachments: [20],
        sequences: [[1, 2], [3]],
        variations: [],
        controls: [],
        ...changes.schedule,
      },
      zones: [1, 2, 3, 4].map((id) => zoneOf(id, { banned: id === 4, ...changes.zones?.[id] })),
    },
    controls: changes.controls ?? farmControls,
    commandTimeoutSeconds: TIMEOUT_SECONDS,
  };
}

function opened(field: Field) {
  return field.sent
    .filter((sent) => sent.command.action === 'open')
    .map((sent) => sent.command.controls);
}

// ---------------------------------------------------------------------------------------------

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

  it('pauses a run that has not opened anything yet, cancelling its start', () => {
    const field = new Field(farm());
    field.request({ id: 1, action: 'start', startTime: new Date(T0 + MINUTE) });
    field.request({ id: 2, action: 'pause' });
    expect(field.state?.activity).toBe('paused');
    expect(field.statuses(1)).toEqual(['inProgress', 'pending', 'cancelled']);
    expect(field.statuses(2)).toEqual(['inProgress', 'done']);
    field.request({ id: 3, action: 'resume' });
    field.runUntil();
    expect(field.state?.activity).toBe('stopped');
    expect(field.watered(11)).toBe(MINUTE);
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

describe('stored state', () => {
  it('survives a JSON round trip through its schema at every step', () => {
    const field = new Field(farm({ zones: { 1: { cycles: 2 } } }));
    field.request({ id: 1, action: 'start' });
    for (let t = T0; t < T0 + 5 * MINUTE; t += 7_000) {
      field.runUntil(t);
      const stored = JSON.parse(JSON.stringify(field.state)) as unknown;
      expect(runStateSchema.parse(stored)).toEqual(field.state);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random programs

type RandomZone = {
  depth: number;
  cycles: number;
  variation: number;
  repeats: number;
  valves: { device: 0 | 1; variation: number }[];
};

const zoneArb: fc.Arbitrary<RandomZone> = fc.record({
  depth: fc.integer({ min: 1, max: 30 }).map((tenths) => tenths / 10),
  cycles: fc.integer({ min: 1, max: 3 }),
  variation: fc.constantFrom(-50, 0, 20),
  repeats: fc.integer({ min: 0, max: 2 }),
  valves: fc.array(
    fc.record({
      device: fc.constantFrom(0 as const, 1 as const),
      variation: fc.constantFrom(0, -30, 40),
    }),
    { minLength: 1, maxLength: 2 },
  ),
});

type RandomProgram = { sequences: RandomZone[][]; pump: boolean; delayMs: number };

const programArb: fc.Arbitrary<RandomProgram> = fc.record({
  sequences: fc.array(fc.array(zoneArb, { minLength: 1, maxLength: 3 }), {
    minLength: 1,
    maxLength: 4,
  }),
  pump: fc.boolean(),
  delayMs: fc.integer({ min: 0, max: 3000 }),
});

function randomSetup(program: RandomProgram, repeats = true): RunSetup {
  const zones: ProgramZone[] = [];
  const controls: RunControl[] = [];
  const configs: ProgramSchedule['controls'] = [];
  let section = 0;
  const sequences = program.sequences.map((sequence) =>
    sequence.map((zone) => {
      section += 1;
      zones.push(
        zoneOf(section, {
          depth: zone.depth,
          cycles: zone.cycles,
          variation: zone.variation,
          repeat: repeats && zone.repeats > 0,
          repeatInterval: 0.05,
          repeatCount: repeats ? zone.repeats : 0,
        }),
      );
      zone.valves.forEach((valve, i) => {
        const id = section * 10 + i;
        controls.push({ id, type: 'valve', section, device: valve.device ? R2 : R1 });
        if (valve.variation !== 0) configs.push({ id, variation: valve.variation, exclude: false });
      });
      return section;
    }),
  );
  if (program.pump) controls.push({ id: 1000, type: 'pump', section: null, device: R1 });
  return {
    program: {
      id: 7,
      schedule: {
        manual: false,
        attachments: program.pump ? [1000] : [],
        sequences,
        variations: [],
        controls: configs,
      },
      zones,
    },
    controls,
    commandTimeoutSeconds: TIMEOUT_SECONDS,
  };
}

/** What each valve should water over the whole run: every cycle of every repeat. */
function plannedMs(setup: RunSetup): Map<number, number> {
  const planned = new Map<number, number>();
  for (const zone of setup.program.zones) {
    const cycles = cyclesOf(zone.setting);
    const cycle = cycleMsOf(zoneRuntimeMs(zone.setting), cycles);
    const runs = 1 + (zone.setting.repeat ? zone.setting.repeatCount : 0);
    for (const control of setup.controls.filter((c) => c.section === zone.id)) {
      const variation =
        setup.program.schedule.controls.find((config) => config.id === control.id)?.variation ?? 0;
      planned.set(control.id, runs * cycles * valveCycleMs(cycle, variation));
    }
  }
  return planned;
}

function expectWellRun(field: Field, setup: RunSetup) {
  expect(field.state?.activity).toBe('stopped');
  expect(field.statuses(1).at(-1)).toBe('done');
  for (const [control, planned] of plannedMs(setup)) expect(field.watered(control)).toBe(planned);
  expect(field.openNow()).toEqual([]);

  // Zones of one sequence never overlap: each zone's valves are shut before the next one's open.
  setup.program.schedule.sequences.forEach((sequence) => {
    const spans = field.intervals
      .filter((interval) => sequence.includes(Math.floor(interval.control / 10)))
      .sort((a, b) => a.from - b.from);
    for (let i = 1; i < spans.length; i++) {
      const [before, after] = [spans[i - 1], spans[i]];
      if (before && after && Math.floor(before.control / 10) !== Math.floor(after.control / 10)) {
        expect(after.from).toBeGreaterThanOrEqual(
          Math.max(...spans.slice(0, i).map((span) => span.to)),
        );
      }
    }
  });

  // Whenever a valve was open, every pump was running.
  const pumps = field.intervals.filter((interval) => interval.control === 1000);
  if (setup.program.schedule.attachments.length > 0) {
    for (const valve of field.intervals.filter((interval) => interval.control !== 1000)) {
      expect(pumps.some((pump) => pump.from <= valve.from && pump.to >= valve.to)).toBe(true);
    }
  }
}

describe('properties of the runner', () => {
  it('waters every valve exactly as planned, sequences never overlapping, pumps covering valves', () => {
    fc.assert(
      fc.property(programArb, (program) => {
        const setup = randomSetup(program);
        const field = new Field(setup, program.delayMs);
        field.request({ id: 1, action: 'start' });
        field.runUntil();
        expectWellRun(field, setup);
      }),
      { numRuns: 60 },
    );
  });

  it('takes as long as its longest sequence: the sum of that sequence’s zone runtimes and soaks', () => {
    fc.assert(
      fc.property(programArb, (program) => {
        const setup = randomSetup({ ...program, delayMs: 0 }, false);
        const field = new Field(setup, 0);
        field.request({ id: 1, action: 'start' });
        const projected = runProgramStatus(field.state as RunState, new Date(T0)).endTime;
        field.runUntil();
        const zoneMs = (id: number) => {
          const zone = setup.program.zones.find((candidate) => candidate.id === id);
          if (!zone) return 0;
          const cycles = cyclesOf(zone.setting);
          const cycle = cycleMsOf(zoneRuntimeMs(zone.setting), cycles);
          const longest = Math.max(
            ...setup.controls
              .filter((control) => control.section === id)
              .map((control) =>
                valveCycleMs(
                  cycle,
                  setup.program.schedule.controls.find((c) => c.id === control.id)?.variation ?? 0,
                ),
              ),
          );
          return cycles * longest + (cycles - 1) * soakMsOf(cycle, cycles);
        };
        const expected = Math.max(
          ...setup.program.schedule.sequences.map((sequence) =>
            sequence.reduce((sum, id) => sum + zoneMs(id), 0),
          ),
        );
        expect((field.state?.endTime ?? 0) - T0).toBe(expected);
        expect(projected).toBe(new Date(T0 + expected).toISOString());
      }),
      { numRuns: 60 },
    );
  });

  it('keeps the planned watering through a pause and resume at any moment', () => {
    fc.assert(
      fc.property(
        programArb,
        fc.integer({ min: 0, max: 10 * MINUTE }),
        fc.integer({ min: 0, max: 2 * 60 * MINUTE }),
        (program, pauseAfter, pausedFor) => {
          const setup = randomSetup(program);
          const field = new Field(setup, program.delayMs);
          field.request({ id: 1, action: 'start' });
          field.runUntil(T0 + pauseAfter);
          if (field.state?.activity === 'stopped') return;
          field.request({ id: 2, action: 'pause' });
          field.runUntil(T0 + pauseAfter + pausedFor);
          if (field.state?.activity === 'paused') {
            expect(field.openNow()).toEqual([]);
          }
          field.request({ id: 3, action: 'resume' });
          field.runUntil();
          expect(field.state?.activity).toBe('stopped');
          expect(field.statuses(3).at(-1)).toBe('done');
          for (const [control, planned] of plannedMs(setup)) {
            expect(field.watered(control)).toBe(planned);
          }
          expect(field.openNow()).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('always ends, with nothing left open, whichever opens fail or go unanswered', () => {
    fc.assert(
      fc.property(programArb, fc.integer({ min: 2, max: 6 }), (program, every) => {
        const setup = randomSetup(program);
        let opens = 0;
        const field = new Field(setup, program.delayMs, (sent) => {
          if (sent.command.action !== 'open' || sent.ref === null) return 'done';
          opens += 1;
          if (opens % every === 0) return 'failed';
          return opens % (every + 1) === 0 ? 'none' : 'done';
        });
        field.request({ id: 1, action: 'start' });
        field.runUntil();
        expect(field.state?.activity).toBe('stopped');
        expect(['done', 'failed']).toContain(field.statuses(1).at(-1));
        expect(field.openNow()).toEqual([]);
        for (const [control, planned] of plannedMs(setup)) {
          expect(field.watered(control)).toBeLessThanOrEqual(planned);
        }
      }),
      { numRuns: 60 },
    );
  });
});
