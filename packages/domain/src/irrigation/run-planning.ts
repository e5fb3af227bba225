/**
 * Planning a run (see the decisions in runner.ts): which zones run in which lane, each zone's
 * cycles, soaks, repeats and valves, the pumps it drives; and zones a start adds to a running
 * program.
 */
import {
  variationSchema,
  zoneSettingSchema,
  type ProgramSchedule,
  type ProgramZone,
} from '../entities/program.ts';
import { runDrivesPumps } from '../addons/pump-actions.ts';
import {
  RUN_STATE_FORMAT,
  type Actuator,
  type Lane,
  type RunState,
  type ZoneRun,
} from './run-state.ts';
import type { RunControl, RunProgram, RunRequestInput, RunSetup, StepResult } from './run-step.ts';
import {
  cycleMsOf,
  cyclesOf,
  hoursToMs,
  soakMsOf,
  TEST_ZONE_SECONDS,
  valveCycleMs,
  zoneRuntimeMs,
} from './runtime.ts';
import { zoneOf } from './run-queries.ts';
import { refuse, setRequestStatus, takeRequest, withCtx, type Ctx } from './run-context.ts';
import { advance } from './run-advance.ts';

/** A zone that runs only when started by hand: left out of a start of the whole program. */
export function isManualZone(program: RunProgram, zone: ProgramZone): boolean {
  const variation = program.schedule.variations.find((candidate) => candidate.id === zone.id);
  return variation?.manual === true || zone.setting.manual === true;
}

function actuatorOf(control: RunControl, cycleMs: number): Actuator {
  return {
    id: control.id,
    device: control.device,
    phase: 'closed',
    ref: null,
    cycleMs,
    remainingMs: 0,
    openedAt: null,
    wateredMs: 0,
    startedAt: null,
    failSafeUntil: null,
    fault: control.device ? null : 'on no radio or unit',
  };
}

/** What of a zone's numbers lies outside the domain's bounds (entities/program.ts), or null. */
function numbersOutOfRange(
  zone: ProgramZone,
  scheduleVariation: number,
  controls: RunControl[],
  configs: Map<number, ProgramSchedule['controls'][number]>,
): string | null {
  const setting = zoneSettingSchema.safeParse(zone.setting);
  if (!setting.success) {
    return `its setting's ${setting.error.issues.map((issue) => issue.path.join('.')).join(', ')}`;
  }
  if (!variationSchema.safeParse(scheduleVariation).success) return 'its schedule variation';
  const valve = controls.find(
    (control) =>
      control.section === zone.id &&
      !variationSchema.safeParse(configs.get(control.id)?.variation ?? 0).success,
  );
  return valve ? `the variation of control ${valve.id}` : null;
}

/** One zone's run, or why it cannot run. */
function planZone(setup: RunSetup, id: number, lane: number, test: boolean): ZoneRun | string {
  const { program, controls } = setup;
  const zone = program.zones.find((candidate) => candidate.id === id);
  if (!zone) return `zone ${id} has no settings`;
  const scheduleVariation =
    program.schedule.variations.find((candidate) => candidate.id === id)?.variation ?? 0;
  const configs = new Map(program.schedule.controls.map((config) => [config.id, config]));
  // A program saved before its numbers were bounded may hold any number: the run is never planned
  // from one out of range (an endless runtime is not stored and cannot be read back).
  if (!test) {
    const outOfRange = numbersOutOfRange(zone, scheduleVariation, controls, configs);
    if (outOfRange) return `zone ${id} has ${outOfRange} out of range`;
  }
  const cycles = test ? 1 : cyclesOf(zone.setting);
  const runtimeMs = test
    ? (setup.testZoneSeconds ?? TEST_ZONE_SECONDS) * 1000
    : Math.round(zoneRuntimeMs(zone.setting, scheduleVariation) * (setup.factor ?? 1));
  const cycleMs = cycleMsOf(runtimeMs, cycles);
  const attachments = new Set(program.schedule.attachments);
  const ofZone = controls.filter(
    (control) => control.section === id && control.type !== 'pump' && !attachments.has(control.id),
  );
  const excluded = ofZone.filter((control) => configs.get(control.id)?.exclude === true);
  const valves = ofZone
    .filter((control) => configs.get(control.id)?.exclude !== true)
    .map((control) =>
      actuatorOf(
        control,
        test ? cycleMs : valveCycleMs(cycleMs, configs.get(control.id)?.variation ?? 0),
      ),
    );
  if (valves.length === 0) return `zone ${id} has no valve to open`;
  if (!valves.some((valve) => valve.cycleMs > 0)) return `zone ${id} has no water to give`;
  const { setting } = zone;
  const repeats = !test && setting.repeat && setting.repeatInterval > 0;
  return {
    id,
    lane,
    irrigationType: zone.application.irrigationType,
    cycles,
    cycleMs,
    soakMs: soakMsOf(cycleMs, cycles),
    valves,
    excluded: excluded.map((control) => control.id),
    phase: 'queued',
    cyclesDone: 0,
    soakUntil: null,
    repeatsLeft: repeats ? setting.repeatCount : 0,
    repeatIntervalMs: repeats ? hoursToMs(setting.repeatInterval) : 0,
    repeatDueAt: null,
    status: 'stopped',
    startTime: null,
    endTime: null,
    stoppedTime: null,
    resumeTime: null,
    opened: false,
    irrigated: false,
    lastCycle: false,
  };
}

/** Which zones run in which lane (see the decisions at the top). */
function laneAssignments(
  program: RunProgram,
  named: number[] | null,
  test: boolean,
): { id: number; lane: number }[] {
  const { sequences } = program.schedule;
  if (test) {
    const ids = named ?? sequences.flat();
    return [...new Set(ids)].map((id) => ({ id, lane: 0 }));
  }
  if (named) {
    const wanted = new Set(named);
    const sequenced = sequences.flatMap((sequence, lane) =>
      sequence.filter((id) => wanted.has(id)).map((id) => ({ id, lane })),
    );
    const inSequence = new Set(sequences.flat());
    const extra = [...wanted]
      .filter((id) => !inSequence.has(id))
      .map((id) => ({ id, lane: sequences.length }));
    return [...sequenced, ...extra];
  }
  return sequences.flatMap((sequence, lane) =>
    sequence
      .filter((id) => {
        const zone = program.zones.find((candidate) => candidate.id === id);
        return zone !== undefined && !isManualZone(program, zone);
      })
      .map((id) => ({ id, lane })),
  );
}

export function startRun(
  current: RunState | null,
  request: RunRequestInput,
  setup: RunSetup,
  now: Date,
): StepResult {
  const test = request.action === 'test';
  const zones: ZoneRun[] = [];
  const skipped: string[] = [];
  for (const { id, lane } of laneAssignments(setup.program, request.zones, test)) {
    // A section stored in two sequences runs once, in the first.
    if (zones.some((zone) => zone.id === id)) continue;
    const planned = planZone(setup, id, lane, test);
    if (typeof planned === 'string') skipped.push(planned);
    else zones.push(planned);
  }
  if (zones.length === 0) {
    return refuse(current, request, now, ['nothing to run', ...skipped].join('; '));
  }
  const laneCount = Math.max(...zones.map((zone) => zone.lane)) + 1;
  const lanes: Lane[] = Array.from({ length: laneCount }, (_, lane) => ({
    current: null,
    queue: zones.filter((zone) => zone.lane === lane).map((zone) => zone.id),
  }));
  const byId = new Map(setup.controls.map((control) => [control.id, control]));
  // Without autoPumpStart the pumps answer their own switch: the run leaves them alone.
  const driven = runDrivesPumps(setup.program.schedule) ? setup.program.schedule.attachments : [];
  const pumps = driven.flatMap((id) => {
    const control = byId.get(id);
    return control ? [actuatorOf(control, 0)] : [];
  });
  const nowMs = now.getTime();
  const startTime = request.startTime ? Math.max(request.startTime.getTime(), nowMs) : nowMs;
  const state: RunState = {
    format: RUN_STATE_FORMAT,
    programId: setup.program.id,
    kind: test ? 'test' : 'run',
    activity: 'starting',
    startTime,
    endTime: null,
    stoppedTime: null,
    request: null,
    handledRequests: current?.handledRequests ?? [],
    lanes,
    zones,
    pumps,
    commands: [],
    nextRef: current?.nextRef ?? 0,
    commandTimeoutMs: setup.commandTimeoutSeconds * 1000,
  };
  return withCtx(state, now, (ctx) => {
    takeRequest(ctx, request);
    advance(ctx);
  });
}

/** A start naming zones while the program runs: those zones join their lanes. */
export function addZones(ctx: Ctx, request: RunRequestInput, setup: RunSetup) {
  const { s } = ctx;
  takeRequest(ctx, request);
  const skipped: string[] = [];
  let added = 0;
  for (const { id, lane } of laneAssignments(setup.program, request.zones, false)) {
    const existing = zoneOf(s, id);
    if (existing && existing.phase !== 'done') continue;
    const planned = planZone(setup, id, lane, false);
    if (typeof planned === 'string') {
      skipped.push(planned);
      continue;
    }
    s.zones = [...s.zones.filter((zone) => zone.id !== id), planned];
    while (s.lanes.length <= lane) s.lanes.push({ current: null, queue: [] });
    s.lanes[lane]?.queue.push(id);
    added += 1;
  }
  if (added === 0) {
    setRequestStatus(ctx, 'failed', ['nothing to run', ...skipped].join('; '));
    return;
  }
  advance(ctx);
}
