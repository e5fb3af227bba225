/**
 * A program can never stick (issue 18). The runner is driven as the server drives it: the run is
 * kept as JSON (program_runs.state), each step taken by stepStoredRun and, when that finds the run
 * cannot be read, cannot be stepped or would not read back once stored, ended by abandonRun. Its
 * inputs are arbitrary: program numbers of any value (non-finite and huge among them), stored runs
 * of any JSON or a real run with any field damaged, and any sequence of requests, wake-ups, command
 * answers, failures and timeouts. Whatever happens, an operator's pause followed by the commands
 * being answered brings it to rest (paused or stopped) in a bounded number of steps, with every
 * valve and pump closed on the devices; and a run left to itself ends stopped.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProgramZone } from '../entities/program.ts';
import type { RequestStatus } from '../entities/vocabulary.ts';
import { isOpenRequestStatus } from '../requests/statuses.ts';
import { abandonRun, readAsStored, readStoredRun, stepStoredRun } from './recovery.ts';
import type { RunAction, RunState } from './run-state.ts';
import type { RunCommand, RunControl, RunSetup, StepResult } from './run-step.ts';
import { nextWakeMs } from './run-timing.ts';
import { handleRunRequest, stepRun } from './runner.ts';

const T0 = Date.parse('2026-11-21T09:00:00.000Z');
const SEED = 20_261_125;
/** Steps an operator's pause and the answers to its commands may take to bring a run to rest. */
const REST_WITHIN_STEPS = 50;
/** Steps a run left to itself may take to end (the longest in range: 4 zones × 24 cycles × 25 runs). */
const END_WITHIN_STEPS = 40_000;

const R1 = { siteId: 1, serialno: 'R-1' };
const R2 = { siteId: 1, serialno: 'R-2' };
const controls: RunControl[] = [
  { id: 11, type: 'valve', section: 1, device: R1 },
  { id: 12, type: 'valve', section: 2, device: R1 },
  { id: 13, type: 'valve', section: 3, device: R2 },
  { id: 14, type: 'valve', section: 3, device: R2 },
  { id: 20, type: 'pump', section: null, device: R1 },
];
const PUMP = 20;

/** A number a program may hold: in range, at its edges, or anything at all. */
const anyNumber = fc.oneof(
  fc.double(),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308, -1e308, 1e-300, 0, -1),
  fc.integer({ min: -10, max: 30 }),
  fc.double({ min: 0, max: 3, noNaN: true }),
);

type Numbers = {
  depth: number;
  variation: number;
  cycles: number;
  rate: number;
  repeat: boolean;
  repeatInterval: number;
  repeatCount: number;
};

const numbersArb: fc.Arbitrary<Numbers> = fc.record({
  depth: anyNumber,
  variation: anyNumber,
  cycles: anyNumber,
  rate: fc.oneof(anyNumber, fc.constant(3600)),
  repeat: fc.boolean(),
  repeatInterval: anyNumber,
  repeatCount: anyNumber,
});

function setupOf(zones: Numbers[], scheduleVariation: number, controlVariation: number): RunSetup {
  const programZones: ProgramZone[] = zones.map((numbers, i) => ({
    id: i + 1,
    application: { irrigationType: 'valveControlledZone', status: 'stopped', cycleCount: 0 },
    setting: {
      id: i + 1,
      depth: numbers.depth,
      variation: numbers.variation,
      cycles: numbers.cycles,
      applicationRate: numbers.rate,
      manual: false,
      repeat: numbers.repeat,
      repeatInterval: numbers.repeatInterval,
      repeatCount: numbers.repeatCount,
      banned: false,
    },
  }));
  return {
    program: {
      id: 7,
      schedule: {
        manual: false,
        attachments: [PUMP],
        sequences: [[1, 2], [3]],
        variations: [{ id: 1, variation: scheduleVariation, manual: false }],
        controls: [{ id: 13, variation: controlVariation, exclude: false }],
      },
      zones: programZones,
    },
    controls,
    commandTimeoutSeconds: 30,
  };
}

/** A program in range: what a stored run is taken from before it is damaged. */
const sane: Numbers = {
  depth: 1,
  variation: 0,
  cycles: 2,
  rate: 60,
  repeat: true,
  repeatInterval: 0.05,
  repeatCount: 1,
};

type Op =
  | { kind: 'request'; action: RunAction; zones: number[] | null }
  | { kind: 'wake'; afterMs: number }
  | { kind: 'answer'; index: number; status: 'done' | 'failed' | 'timedOut' }
  | { kind: 'sendFailed'; index: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('request' as const),
    action: fc.constantFrom<RunAction>('start', 'pause', 'resume', 'test'),
    zones: fc.option(fc.subarray([1, 2, 3, 9], { minLength: 1 }), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('wake' as const),
    afterMs: fc.oneof(fc.integer({ min: 0, max: 120_000 }), fc.integer({ min: 0, max: 8 * 3.6e6 })),
  }),
  fc.record({
    kind: fc.constant('answer' as const),
    index: fc.nat(20),
    status: fc.constantFrom('done' as const, 'failed' as const, 'timedOut' as const),
  }),
  fc.record({ kind: fc.constant('sendFailed' as const), index: fc.nat(20) }),
);

/** Request ids are the database's: unique, never one a stored run has already handled. */
let nextRequestId = 1;

type Sent = { ref: string | null; commandId: string; serialno: string; command: RunCommand };

/** The server and the field as the runner sees them: the stored run, requests, devices. */
class Model {
  now = T0;
  /** program_runs.state as stored (JSON), or null when the program has never run. */
  raw: unknown = null;
  readonly requests = new Map<number, { action: RunAction; status: RequestStatus }>();
  /** Commands sent and not yet answered, oldest first. */
  readonly unanswered: Sent[] = [];
  /** Controls the devices have open. */
  readonly open = new Set<number>();
  steps = 0;
  private ids = 0;

  constructor(readonly setup: RunSetup) {}

  state(): RunState | null {
    if (this.raw === null) return null;
    const reading = readStoredRun(this.raw);
    return 'state' in reading ? reading.state : null;
  }

  /** One step as the server's commit takes it (runner-service.ts): stepStoredRun, else abandonRun. */
  step(transform: (state: RunState | null, now: Date) => StepResult | null) {
    this.steps += 1;
    const now = new Date(this.now);
    const step = stepStoredRun(this.raw, (state) => transform(state, now));
    let result: StepResult | null;
    if ('fault' in step) {
      const openRequests = [...this.requests]
        .filter(([, request]) => isOpenRequestStatus(request.status))
        .map(([id, request]) => ({ id, action: request.action }));
      result = abandonRun(
        this.raw,
        { programId: 7, program: this.setup.program, controls, openRequests, reason: step.fault },
        now,
      );
    } else {
      result = step.result;
    }
    if (!result) return;
    if (result.state) this.raw = JSON.parse(JSON.stringify(result.state)) as unknown;
    const sentRefs: { ref: string; commandId: string }[] = [];
    for (const effect of result.effects) {
      if (effect.kind === 'request') {
        const request = this.requests.get(effect.requestId);
        if (request && isOpenRequestStatus(request.status)) request.status = effect.status;
        continue;
      }
      const commandId = `cmd-${this.ids++}`;
      this.unanswered.push({ commandId, ...effect });
      if (effect.ref) sentRefs.push({ ref: effect.ref, commandId });
    }
    // The server records each sent command's id in the run right after sending.
    for (const { ref, commandId } of sentRefs) {
      this.step((state, at) =>
        state ? stepRun(state, { type: 'commandSent', ref, commandId }, at) : null,
      );
    }
  }

  request(action: RunAction, zones: number[] | null = null) {
    const id = nextRequestId++;
    this.requests.set(id, { action, status: 'new' });
    this.step((state, now) =>
      handleRunRequest(state, { id, action, zones, startTime: null }, this.setup, now),
    );
    return id;
  }

  wake() {
    this.step((state, now) => (state ? stepRun(state, { type: 'wake' }, now) : null));
  }

  answer(index: number, status: 'done' | 'failed' | 'timedOut') {
    const [sent] = this.unanswered.splice(index % Math.max(1, this.unanswered.length), 1);
    if (!sent) return;
    if (status === 'done') {
      for (const id of sent.command.controls) {
        if (sent.command.action === 'open') this.open.add(id);
        else this.open.delete(id);
      }
    }
    if (sent.ref === null) return;
    // As the server: a stopped run hears only an open done (to close again what it holds closed).
    const heard = (state: RunState) =>
      state.activity !== 'stopped' || (sent.command.action === 'open' && status === 'done');
    this.step((state, now) =>
      state && heard(state)
        ? stepRun(
            state,
            {
              type: 'commandSettled',
              commandId: sent.commandId,
              serialno: sent.serialno,
              action: sent.command.action,
              controls: sent.command.controls,
              status,
              reason: status === 'done' ? null : 'no luck',
            },
            now,
          )
        : null,
    );
  }

  /**
   * A command that could not be sent, which the run hears of when it awaits it (as the server
   * tells it). A safety close, not awaited, is taken as sent: were it lost, the device's fail-safe
   * would close the control.
   */
  sendFailed(index: number) {
    const awaited = this.unanswered.filter((sent) => sent.ref !== null);
    const sent = awaited[index % Math.max(1, awaited.length)];
    const ref = sent?.ref;
    if (!sent || !ref) return;
    this.unanswered.splice(this.unanswered.indexOf(sent), 1);
    this.step((state, now) =>
      state ? stepRun(state, { type: 'sendFailed', ref, reason: 'broker down' }, now) : null,
    );
  }

  apply(op: Op) {
    switch (op.kind) {
      case 'request':
        this.request(op.action, op.zones);
        return;
      case 'wake':
        this.now += op.afterMs;
        this.wake();
        return;
      case 'answer':
        this.answer(op.index, op.status);
        return;
      case 'sendFailed':
        this.sendFailed(op.index);
    }
  }

  /** One step of a field that answers everything: the oldest answer, else the next wake-up. */
  settleOnce(): boolean {
    if (this.unanswered.length > 0) {
      this.answer(0, 'done');
      return true;
    }
    const state = this.state();
    const wake = state ? nextWakeMs(state, this.now) : null;
    if (wake === null) return false;
    this.now = Math.max(this.now, wake);
    this.wake();
    return true;
  }
}

const transitional = new Set(['starting', 'pausing', 'resuming']);

/** The stored run, readable; every actuator closed when the run is at rest. */
function expectAtRest(model: Model) {
  // On the devices: nothing open, in particular no pump running against closed valves.
  expect([...model.open]).toEqual([]);
  // A program that never ran has no run to read.
  if (model.raw === null) return;
  const state = model.state();
  expect(state, 'the stored run reads').not.toBeNull();
  if (!state) return;
  expect(['paused', 'stopped']).toContain(state.activity);
  const phases = [...state.zones.flatMap((zone) => zone.valves), ...state.pumps].map(
    (a) => a.phase,
  );
  expect(phases.every((phase) => phase === 'closed')).toBe(true);
}

/** Answers and wakes until nothing is left to do; the steps it took. */
function settle(model: Model, limit: number): number {
  let steps = 0;
  let inTransition = 0;
  while (model.settleOnce()) {
    steps += 1;
    const activity = model.state()?.activity ?? 'stopped';
    inTransition = transitional.has(activity) ? inTransition + 1 : 0;
    expect(inTransition, `${activity} for too long`).toBeLessThanOrEqual(REST_WITHIN_STEPS);
    expect(steps).toBeLessThanOrEqual(limit);
  }
  return steps;
}

/** A stored run: none, any JSON at all, or a real run mid-way with one field damaged. */
const damageArb: fc.Arbitrary<DamageValue> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.record({ kind: fc.constant('json' as const), value: fc.jsonValue() }),
  fc.record({
    kind: fc.constant('damaged' as const),
    afterMs: fc.integer({ min: 0, max: 200_000 }),
    pick: fc.nat(),
    value: fc.oneof(
      fc.constantFrom(null, -1, 1e308, 1.5, 'x', true, [], {}, 99, 8.64e15 + 1),
      fc.jsonValue(),
    ),
  }),
);

/** Every path to a leaf (or a list) of a JSON value. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [at];
  const entries = Array.isArray(value)
    ? value.map((item, i) => [i, item] as const)
    : Object.entries(value);
  return [at, ...entries.flatMap(([key, item]) => paths(item, [...at, key]))];
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = JSON.parse(JSON.stringify(root)) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = value;
  return copy;
}

function storedRunOf(damage: DamageValue): unknown {
  if (damage.kind === 'none') return null;
  if (damage.kind === 'json') return damage.value;
  const model = new Model(setupOf([sane, sane, sane], 10, 20));
  model.request('start');
  while (model.now < T0 + damage.afterMs && model.settleOnce());
  const all = paths(model.raw);
  const path = all[damage.pick % all.length] ?? [];
  return setAt(model.raw, path, damage.value);
}

type DamageValue =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'damaged'; afterMs: number; pick: number; value: unknown };

describe('a program can never stick', () => {
  it('comes to rest on a pause, everything closed, and ends stopped when left alone', () => {
    fc.assert(
      fc.property(
        fc.array(numbersArb, { minLength: 3, maxLength: 3 }),
        anyNumber,
        anyNumber,
        damageArb,
        fc.array(opArb, { maxLength: 25 }),
        (zones, scheduleVariation, controlVariation, damage, ops) => {
          const model = new Model(setupOf(zones, scheduleVariation, controlVariation));
          model.raw = storedRunOf(damage);
          for (const op of ops) model.apply(op);

          // The operator stops it: a pause is always taken (the API refuses it only when stopped
          // or paused, where nothing is open), then the field answers everything it was sent.
          const activity = model.state()?.activity;
          if (activity !== 'stopped' && activity !== 'paused') model.request('pause');
          settle(model, REST_WITHIN_STEPS);
          // Nothing readable is left unread: an unreadable run is ended at the next step.
          model.wake();
          settle(model, REST_WITHIN_STEPS);
          expectAtRest(model);

          // Left to itself after a resume, it ends stopped, everything closed.
          if (model.state()?.activity === 'paused') {
            model.request('resume');
            settle(model, END_WITHIN_STEPS);
            expectAtRest(model);
            expect(model.state()?.activity).toBe('stopped');
          }
          // No request is left open for good.
          for (const [id, request] of model.requests) {
            expect(isOpenRequestStatus(request.status), `request ${id} still open`).toBe(false);
          }
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('ends an unreadable run failed, closing every valve and pump, and reads again', () => {
    const setup = setupOf([sane, sane, sane], 0, 0);
    const result = abandonRun(
      { zones: [{ valves: [{ id: 14 }] }], pumps: [{ id: PUMP }], cycleMs: null },
      {
        programId: 7,
        program: setup.program,
        controls,
        openRequests: [
          { id: 1, action: 'start' },
          { id: 2, action: 'pause' },
        ],
        reason: 'zones.0.cycleMs: expected number, received null',
      },
      new Date(T0),
    );
    expect(result.state.activity).toBe('stopped');
    expect(readAsStored(result.state)).toEqual({ state: result.state });
    expect(result.effects).toEqual([
      {
        kind: 'command',
        ref: null,
        siteId: 1,
        serialno: 'R-1',
        command: { action: 'close', controls: [11, 12] },
      },
      {
        kind: 'command',
        ref: null,
        siteId: 1,
        serialno: 'R-2',
        command: { action: 'close', controls: [13, 14] },
      },
      {
        kind: 'command',
        ref: null,
        siteId: 1,
        serialno: 'R-1',
        command: { action: 'close', controls: [PUMP] },
      },
      expect.objectContaining({ kind: 'request', requestId: 1, status: 'failed' }),
      expect.objectContaining({ kind: 'request', requestId: 2, status: 'done' }),
    ]);
    expect(result.event.message).toMatch(/could not be read: zones\.0\.cycleMs/);
    expect(result.state.handledRequests).toEqual([1, 2]);
  });

  it('finds the fault in a step that throws, or whose state would not read back once stored', () => {
    const setup = setupOf([sane, sane, sane], 0, 0);
    const started = handleRunRequest(
      null,
      { id: 1, action: 'start', zones: null, startTime: null },
      setup,
      new Date(T0),
    );
    const raw = JSON.parse(JSON.stringify(started.state)) as unknown;
    expect(stepStoredRun(raw, (state) => ({ state, effects: [], nextWakeAt: null }))).toEqual({
      before: started.state,
      result: { state: started.state, effects: [], nextWakeAt: null },
    });
    expect(
      stepStoredRun(raw, () => {
        throw new Error('did not settle');
      }),
    ).toEqual({ fault: 'the run could not be stepped: Error: did not settle' });
    const endless = (state: RunState | null): StepResult => ({
      state: state && { ...state, startTime: Infinity },
      effects: [],
      nextWakeAt: null,
    });
    expect(stepStoredRun(raw, endless)).toEqual({
      fault: expect.stringMatching(/^its next step would not read back: .*startTime/s),
    });
  });

  it.each<[string, unknown]>([
    ['an infinite number stored as null', { format: 1, cycleMs: null }],
    ['a run of another format', { format: 2 }],
    ['not a run at all', 'x'],
  ])('reads %s as unreadable', (_, raw) => {
    expect(readStoredRun(raw)).toEqual({ unreadable: expect.any(String) });
  });
});
