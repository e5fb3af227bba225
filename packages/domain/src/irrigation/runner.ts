/**
 * The program runner (issue 4 item 6) as a pure state machine. `handleRunRequest` takes a program
 * request (start, resume, pause, test; §3 Request) and `stepRun` takes everything else that happens to
 * a run (a wake-up at a planned time, a command sent, a command answered); both return the next
 * state, the commands to send, the request statuses to record and when to wake the run next. The
 * server stores the state, sends the commands and schedules the wake-ups; it never decides
 * anything itself.
 *
 * Decisions, each the runner's own (the spec describes only what the console shows):
 * - Sequences run side by side; the zones of a sequence run one after another, in order. A program
 *   has up to four sequences (§9) of ordered zones: if they ran one after another they would be one
 *   long sequence, so the only reason to have several is a block whose pump and mains feed several
 *   zones at once, one per sub-main. Each sequence is a lane; the pump serves them together.
 * - Within a lane a zone's valves are confirmed closed before the next zone's open: zones of one
 *   sequence never overlap, and a stuck valve never doubles the flow on a sub-main.
 * - Banned zones (in no sequence, §4) never run in a program run; manual zones (schedule variation
 *   or setting marked manual) run only when named in the request's zones. Named zones run in their
 *   sequence's lane; named zones in no sequence share one extra lane, in the order named.
 * - Runtime: see runtime.ts. A run is split into `cycles` cycles with a soak between them; the soak
 *   holds the lane (the next zone waits), as the point is that this zone's water soaks in.
 * - Repeats: after a zone's run, when its setting repeats, it waits `repeatInterval` hours and runs
 *   again, `repeatCount` times. A due repeat takes the lane next, ahead of zones still queued; the
 *   lane does not wait for a repeat that is not due. Repeat waits and soaks are wall-clock times:
 *   a pause freezes only the watering owed, not the hours between.
 * - Valves of a zone: the controls of its section except pumps and attachments, less those its
 *   control config excludes. A control's variation stretches that valve's own watering.
 * - Pumps (schedule.attachments) are confirmed running before any valve opens, and stopped once
 *   every valve has confirmed closed. They also stop whenever no valve is open or about to open
 *   (soaks, repeat waits, a pause): a pump must not run for long against closed valves.
 * - Faults: a valve whose open fails or goes unanswered is marked faulted (control hasFaults) and
 *   not used again in the run; its zone goes on with its other valves, and a zone with none left
 *   ends not irrigated. The program keeps going, as irrigation controllers do on a station fault:
 *   one stuck valve must not leave the rest of the block dry. A pump that fails to start is marked
 *   faulted and the zones run without it (a gravity head or a second pump may still feed them).
 * - Pause closes every valve, then the pumps; the run is paused once all confirmed closed. Resume
 *   reopens the valves of the zones that were mid-cycle for exactly the watering they still owed.
 *   Pause with zones stops just those zones (§4 "Zone pause: zoneStopped"); their lanes move on.
 *   Resume with zones resumes the run: a zone is only ever paused inside a paused run.
 * - A test (§4 "Test: pending then testStarted") runs the named zones, or every zone of the
 *   sequences, one at a time for TEST_ZONE_SECONDS each: one cycle, no variation, no repeats. It
 *   shows the program starting then running like a run, so it can be paused.
 * - Requests: start and test are done once a valve is confirmed open (failed if the run ends with
 *   none opened); pause once everything is confirmed closed; resume once every resumed zone is
 *   running again. A start at a future start time is `pending` until then. A newer request
 *   overtakes one still in flight, which is `cancelled`.
 */
import type { ControlApplication } from '../entities/control.ts';
import {
  variationSchema,
  zoneSettingSchema,
  type ProgramSchedule,
  type ProgramStatus,
  type ProgramZone,
  type ZoneApplication,
} from '../entities/program.ts';
import type { ControlType, RequestStatus } from '../entities/vocabulary.ts';
import { runDrivesPumps } from '../addons/pump-actions.ts';
import { overtaken } from '../requests/overtaking.ts';
import { isOpenRequestStatus } from '../requests/statuses.ts';
import {
  RUN_STATE_FORMAT,
  type Actuator,
  type Lane,
  type PendingCommand,
  type RunAction,
  type RunDevice,
  type RunState,
  type ZoneRun,
} from './run-state.ts';
import {
  COMMAND_GRACE_SECONDS,
  cycleMsOf,
  cyclesOf,
  FAIL_SAFE_MARGIN_SECONDS,
  hoursToMs,
  soakMsOf,
  TEST_ZONE_SECONDS,
  valveCycleMs,
  zoneRuntimeMs,
} from './runtime.ts';

/** A control as the runner needs it: what it is, which zone it waters and what carries it. */
export type RunControl = {
  id: number;
  type: ControlType;
  /** Section id. */
  section: number | null;
  /** The radio or unit its commands go to; null when it has none. */
  device: RunDevice | null;
};

/** The program parts a run is planned from. */
export type RunProgram = { id: number; schedule: ProgramSchedule; zones: ProgramZone[] };

/** A command for the field link (docs/field-protocol.md `down/command`). */
export type RunCommand =
  | { action: 'open'; controls: number[]; durationSeconds: number }
  | { action: 'close'; controls: number[] };

export type RunEffect =
  /** Send this command to the device; `ref` null for a safety close whose answer is not awaited. */
  | { kind: 'command'; ref: string | null; siteId: number; serialno: string; command: RunCommand }
  /** Record the request's new status. */
  | { kind: 'request'; requestId: number; status: RequestStatus; reason: string | null };

export type RunEvent =
  /** A planned time (or any time) has come: close due valves, end soaks, start due zones… */
  | { type: 'wake' }
  /** The field link took the command named `ref` and gave it this id. */
  | { type: 'commandSent'; ref: string; commandId: string }
  /** The command named `ref` could not be sent at all. */
  | { type: 'sendFailed'; ref: string; reason: string }
  /** The device answered a command (or the field link gave up on it). */
  | {
      type: 'commandSettled';
      commandId: string;
      serialno: string;
      action: 'open' | 'close' | 'ping';
      controls: number[];
      status: 'done' | 'failed' | 'timedOut';
      reason: string | null;
    };

/** A program request as the runner takes it. */
export type RunRequestInput = {
  id: number;
  action: RunAction;
  /** Zones named by the request (§7 zones); null for the whole program. */
  zones: number[] | null;
  /** A start at a later time (§7 startTime); null or past is now. */
  startTime: Date | null;
};

/** What a new run or added zones are planned from. */
export type RunSetup = {
  program: RunProgram;
  controls: RunControl[];
  /** The field link's command timeout; the runner waits a grace period longer. */
  commandTimeoutSeconds: number;
  /** Overrides TEST_ZONE_SECONDS (tests of the runner itself). */
  testZoneSeconds?: number;
};

export type StepResult = {
  /** The run after the step; null when there is no run (a refused request with none before). */
  state: RunState | null;
  effects: RunEffect[];
  /** When to wake the run next; null when nothing is planned (stopped, paused, or waiting on answers). */
  nextWakeAt: Date | null;
};

/** How many handled request ids a run remembers for de-duplication. */
const HANDLED_REQUESTS_KEPT = 20;
const NO_ANSWER = 'no answer from the device';

type Ctx = { s: RunState; now: number; effects: RunEffect[] };

// ---------------------------------------------------------------------------------------------
// Entry points

/** Carries out a program request on the program's run (or starts one). */
export function handleRunRequest(
  current: RunState | null,
  request: RunRequestInput,
  setup: RunSetup,
  now: Date,
): StepResult {
  if (current?.handledRequests.includes(request.id)) return result(current, [], now.getTime());
  const live = current !== null && current.activity !== 'stopped';
  switch (request.action) {
    case 'start':
    case 'test':
      if (!live) return startRun(current, request, setup, now);
      if (request.action === 'start' && request.zones && current.kind === 'run') {
        return withCtx(current, now, (ctx) => addZones(ctx, request, setup));
      }
      return refuse(current, request, now, `the program is ${current.activity}`);
    case 'pause':
      if (!live) return refuse(current, request, now, 'the program is not running');
      return withCtx(current, now, (ctx) => pauseRun(ctx, request));
    case 'resume':
      if (!live || (current.activity !== 'paused' && current.activity !== 'pausing')) {
        return refuse(current, request, now, `the program is ${current?.activity ?? 'stopped'}`);
      }
      return withCtx(current, now, (ctx) => resumeRun(ctx, request));
  }
}

/** Everything else that happens to a run. */
export function stepRun(current: RunState, event: RunEvent, now: Date): StepResult {
  return withCtx(current, now, (ctx) => {
    switch (event.type) {
      case 'wake':
        break;
      case 'commandSent': {
        const command = ctx.s.commands.find((candidate) => candidate.ref === event.ref);
        if (command) command.commandId = event.commandId;
        return;
      }
      case 'sendFailed': {
        const command = ctx.s.commands.find((candidate) => candidate.ref === event.ref);
        if (command) settle(ctx, command, false, `not sent: ${event.reason}`, false);
        break;
      }
      case 'commandSettled': {
        const command = findPendingCommand(ctx.s.commands, event);
        if (command) {
          settle(
            ctx,
            command,
            event.status === 'done',
            event.status === 'timedOut' ? (event.reason ?? NO_ANSWER) : event.reason,
            event.status === 'timedOut',
          );
        } else if (event.action === 'open' && event.status === 'done') {
          closeStrayOpen(ctx, event.serialno, event.controls);
        }
        break;
      }
    }
    advance(ctx);
  });
}

// ---------------------------------------------------------------------------------------------
// Plumbing

/** States are plain JSON (they are stored as jsonb), so a JSON round trip copies them exactly. */
function cloneState(state: RunState): RunState {
  return JSON.parse(JSON.stringify(state)) as RunState;
}

function withCtx(current: RunState, now: Date, act: (ctx: Ctx) => void): StepResult {
  const ctx: Ctx = { s: cloneState(current), now: now.getTime(), effects: [] };
  act(ctx);
  return result(ctx.s, ctx.effects, ctx.now);
}

function result(state: RunState | null, effects: RunEffect[], now: number): StepResult {
  const wake = state ? nextWakeMs(state, now) : null;
  return { state, effects, nextWakeAt: wake === null ? null : new Date(wake) };
}

/** The request cannot be carried out: it fails with the reason, and the run is unchanged. */
function refuse(
  current: RunState | null,
  request: RunRequestInput,
  now: Date,
  reason: string,
): StepResult {
  const effects: RunEffect[] = [
    { kind: 'request', requestId: request.id, status: 'failed', reason },
  ];
  if (!current) return result(null, effects, now.getTime());
  const state = cloneState(current);
  remember(state, request.id);
  return result(state, effects, now.getTime());
}

function remember(s: RunState, requestId: number) {
  s.handledRequests = [...s.handledRequests, requestId].slice(-HANDLED_REQUESTS_KEPT);
}

function setRequestStatus(ctx: Ctx, status: RequestStatus, reason: string | null = null) {
  const request = ctx.s.request;
  if (!request || request.status === status) return;
  request.status = status;
  request.reason = reason;
  ctx.effects.push({ kind: 'request', requestId: request.id, status, reason });
}

function requestActive(s: RunState): boolean {
  return s.request !== null && isOpenRequestStatus(s.request.status);
}

/** The run takes up a request; one still in flight is overtaken (requests/overtaking.ts). */
function takeRequest(ctx: Ctx, request: RunRequestInput) {
  const previous = ctx.s.request && overtaken(ctx.s.request, request.id);
  if (previous) setRequestStatus(ctx, previous.status, previous.reason);
  ctx.s.request = {
    id: request.id,
    action: request.action,
    zones: request.zones,
    status: 'new',
    reason: null,
  };
  remember(ctx.s, request.id);
  setRequestStatus(ctx, 'inProgress');
}

function zoneOf(s: RunState, id: number): ZoneRun | undefined {
  return s.zones.find((zone) => zone.id === id);
}

function actuators(s: RunState): Actuator[] {
  return [...s.zones.flatMap((zone) => zone.valves), ...s.pumps];
}

/** A valve that can still water this run: not faulted, and given some water per cycle. */
function working(valve: Actuator): boolean {
  return valve.fault === null && valve.cycleMs > 0;
}

/** A valve that still owes water this cycle and is closed: it opens when the pumps are ready. */
function awaitingOpen(valve: Actuator): boolean {
  return valve.phase === 'closed' && valve.fault === null && valve.remainingMs > 0;
}

/** Sends one command per device for the actuators, which then wait on it. */
function send(
  ctx: Ctx,
  action: 'open' | 'close',
  targets: Actuator[],
  durationSeconds: (group: Actuator[]) => number = () => 0,
) {
  const groups = new Map<string, { device: RunDevice; members: Actuator[] }>();
  for (const target of targets) {
    if (!target.device) continue;
    const key = `${target.device.siteId}/${target.device.serialno}`;
    const group = groups.get(key) ?? { device: target.device, members: [] };
    group.members.push(target);
    groups.set(key, group);
  }
  for (const { device, members } of groups.values()) {
    const ref = `c${ctx.s.nextRef++}`;
    const controls = members.map((member) => member.id);
    const seconds = action === 'open' ? durationSeconds(members) : null;
    ctx.s.commands.push({
      ref,
      commandId: null,
      siteId: device.siteId,
      serialno: device.serialno,
      action,
      controls,
      ...(seconds === null ? {} : { durationSeconds: seconds }),
      deadline: ctx.now + ctx.s.commandTimeoutMs + COMMAND_GRACE_SECONDS * 1000,
    });
    if (seconds !== null) {
      ctx.effects.push({
        kind: 'command',
        ref,
        ...device,
        command: { action: 'open', controls, durationSeconds: seconds },
      });
      for (const member of members) {
        member.ref = ref;
        // An open of a pump already running only extends its fail-safe.
        if (member.phase !== 'open') member.phase = 'opening';
        member.startedAt ??= ctx.now;
        member.failSafeUntil = ctx.now + seconds * 1000;
      }
    } else {
      ctx.effects.push({ kind: 'command', ref, ...device, command: { action: 'close', controls } });
      for (const member of members) {
        member.ref = ref;
        member.phase = 'closing';
      }
    }
  }
}

/** Counts the water a valve gave since it opened and stops the clock on it. */
function stopWatering(ctx: Ctx, valve: Actuator) {
  if (valve.phase === 'open' && valve.openedAt !== null) {
    const ran = Math.min(valve.remainingMs, Math.max(0, ctx.now - valve.openedAt));
    valve.wateredMs += ran;
    valve.remainingMs -= ran;
  }
  valve.openedAt = null;
}

/**
 * The pending command an answer belongs to: the one of that id, else one whose id was never
 * recorded (its process died just after sending) to the same device, action and controls.
 */
export function findPendingCommand(
  commands: PendingCommand[],
  answer: { commandId: string; serialno: string; action: string; controls: number[] },
): PendingCommand | undefined {
  const byId = commands.find((command) => command.commandId === answer.commandId);
  if (byId) return byId;
  const controls = [...answer.controls].sort((a, b) => a - b).join(',');
  return commands.find(
    (command) =>
      command.commandId === null &&
      command.serialno === answer.serialno &&
      command.action === answer.action &&
      [...command.controls].sort((a, b) => a - b).join(',') === controls,
  );
}

/**
 * An open done after the run gave up on it (taken as unanswered at its deadline, or from a run
 * since ended): the controls it opened that the run holds closed are closed again, unawaited.
 */
function closeStrayOpen(ctx: Ctx, serialno: string, controls: number[]) {
  const stray = actuators(ctx.s).filter(
    (target) =>
      target.phase === 'closed' &&
      target.device?.serialno === serialno &&
      controls.includes(target.id),
  );
  const device = stray[0]?.device;
  if (!device) return;
  ctx.effects.push({
    kind: 'command',
    ref: null,
    ...device,
    command: { action: 'close', controls: stray.map((target) => target.id) },
  });
}

function settle(
  ctx: Ctx,
  command: PendingCommand,
  ok: boolean,
  reason: string | null,
  unanswered: boolean,
) {
  ctx.s.commands = ctx.s.commands.filter((pending) => pending.ref !== command.ref);
  const mayBeOpen: Actuator[] = [];
  for (const zone of [...ctx.s.zones, null]) {
    const candidates = zone ? zone.valves : ctx.s.pumps;
    for (const target of candidates) {
      // An answer to a command the actuator no longer waits on (a pause overtook an open) is stale,
      // but an open the device did carry out on a control the run holds closed is closed again.
      if (target.ref !== command.ref) {
        const strayOpen = ok && command.action === 'open' && target.phase === 'closed';
        if (strayOpen && command.controls.includes(target.id)) mayBeOpen.push(target);
        continue;
      }
      target.ref = null;
      if (command.action === 'close') {
        target.phase = 'closed';
        target.openedAt = null;
        if (!ok) {
          // A close that failed, was not sent or went unanswered may have left it open.
          target.fault = reason ?? 'close failed';
          mayBeOpen.push(target);
        }
      } else if (ok) {
        if (target.phase === 'opening') {
          target.phase = 'open';
          target.openedAt = ctx.now;
          if (zone) zone.opened = true;
        }
      } else {
        target.fault = reason ?? 'open failed';
        target.remainingMs = 0;
        if (target.phase === 'opening') target.phase = 'closed';
        if (unanswered) mayBeOpen.push(target);
      }
    }
  }
  // An open that went unanswered may still have been carried out, and a close that failed may not
  // have been: close them to be sure. The device's fail-safe would close them anyway; this is
  // sooner. Its answer is not awaited.
  if (mayBeOpen.length > 0) {
    ctx.effects.push({
      kind: 'command',
      ref: null,
      siteId: command.siteId,
      serialno: command.serialno,
      command: { action: 'close', controls: mayBeOpen.map((target) => target.id) },
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Planning

function isManualZone(program: RunProgram, zone: ProgramZone): boolean {
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
    : zoneRuntimeMs(zone.setting, scheduleVariation);
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

function startRun(
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
function addZones(ctx: Ctx, request: RunRequestInput, setup: RunSetup) {
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

// ---------------------------------------------------------------------------------------------
// Pause and resume

function pauseRun(ctx: Ctx, request: RunRequestInput) {
  const { s } = ctx;
  takeRequest(ctx, request);
  if (request.zones) {
    stopZones(ctx, request.zones);
  } else if (s.activity !== 'paused') {
    // A pause while pausing is the operator asking again: every close still unanswered is sent
    // again (its earlier answer becomes stale), so a stop never waits on a lost command.
    const again = s.activity === 'pausing';
    s.activity = 'pausing';
    s.stoppedTime ??= ctx.now;
    for (const zone of s.zones) {
      const live = zone.valves.filter(
        (v) => v.phase === 'open' || v.phase === 'opening' || (again && v.phase === 'closing'),
      );
      for (const valve of live) stopWatering(ctx, valve);
      send(ctx, 'close', live);
      if (zone.phase === 'cycle') {
        zone.status = 'pausing';
        zone.stoppedTime ??= ctx.now;
      } else if (zone.phase === 'soaking') {
        zone.status = 'paused';
        zone.stoppedTime ??= ctx.now;
      }
    }
    if (again)
      send(
        ctx,
        'close',
        s.pumps.filter((pump) => pump.phase === 'closing'),
      );
  }
  advance(ctx);
}

/** §4 zone pause: the zones stop for this run (their valves close) and their lanes move on. */
function stopZones(ctx: Ctx, ids: number[]) {
  const { s } = ctx;
  for (const id of ids) {
    const zone = zoneOf(s, id);
    if (!zone || zone.phase === 'done') continue;
    for (const lane of s.lanes) {
      lane.queue = lane.queue.filter((queued) => queued !== id);
      if (lane.current === id) lane.current = null;
    }
    const wasUnderWay = zone.phase !== 'queued';
    const live = zone.valves.filter((v) => v.phase === 'open' || v.phase === 'opening');
    for (const valve of live) stopWatering(ctx, valve);
    send(ctx, 'close', live);
    for (const valve of zone.valves) valve.remainingMs = 0;
    zone.phase = 'done';
    zone.repeatsLeft = 0;
    zone.repeatDueAt = null;
    zone.soakUntil = null;
    if (wasUnderWay) {
      zone.stoppedTime = ctx.now;
      zone.endTime = ctx.now;
    }
    zone.status = zone.valves.some((valve) => valve.phase !== 'closed') ? 'pausing' : 'stopped';
  }
}

function resumeRun(ctx: Ctx, request: RunRequestInput) {
  const { s } = ctx;
  takeRequest(ctx, request);
  s.activity = 'resuming';
  s.stoppedTime = null;
  s.startTime = Math.min(s.startTime, ctx.now);
  for (const zone of s.zones) {
    if (zone.status !== 'paused' && zone.status !== 'pausing') continue;
    if (zone.phase !== 'cycle' && zone.phase !== 'soaking') continue;
    zone.resumeTime = ctx.now;
    zone.stoppedTime = null;
    zone.status = zone.phase === 'cycle' ? 'resuming' : 'running';
  }
  advance(ctx);
}

// ---------------------------------------------------------------------------------------------
// Advancing

/** Brings the run up to `now`: repeats its rules until nothing more changes. */
function advance(ctx: Ctx) {
  // A deadline further off than a command can take (a clock set back, a damaged store) would hold
  // the run on that command: none waits longer than its timeout and grace from now.
  const latest = ctx.now + ctx.s.commandTimeoutMs + COMMAND_GRACE_SECONDS * 1000;
  for (const command of ctx.s.commands) command.deadline = Math.min(command.deadline, latest);
  for (const command of [...ctx.s.commands]) {
    if (command.deadline <= ctx.now) settle(ctx, command, false, NO_ANSWER, true);
  }
  // Each pass moves the run on by at least one change or leaves it as it is; a run has few zones
  // and each change is a step forward, so this settles in a handful of passes.
  for (let pass = 0; pass < 100; pass++) {
    const before = JSON.stringify(ctx.s);
    applyRules(ctx);
    if (JSON.stringify(ctx.s) === before) return;
  }
  throw new Error(`program ${ctx.s.programId}: the run did not settle`);
}

function applyRules(ctx: Ctx) {
  const { s } = ctx;
  updateZoneStatuses(ctx);
  switch (s.activity) {
    case 'stopped':
    case 'paused':
      return;
    case 'pausing':
      settlePause(ctx);
      checkRequest(ctx);
      return;
    default:
      break;
  }
  if (s.activity === 'starting' && ctx.now < s.startTime) {
    setRequestStatus(ctx, 'pending');
    return;
  }
  if (s.request?.status === 'pending') setRequestStatus(ctx, 'inProgress');
  closeDueValves(ctx);
  finishCycles(ctx);
  endSoaks(ctx);
  pickNextZones(ctx);
  drivePumps(ctx);
  openValves(ctx);
  if (s.activity === 'starting' && s.zones.some((zone) => zone.opened)) s.activity = 'running';
  if (s.activity === 'resuming' && !s.zones.some((zone) => zone.status === 'resuming')) {
    s.activity = 'running';
  }
  checkRequest(ctx);
  finishRun(ctx);
}

function updateZoneStatuses(ctx: Ctx) {
  for (const zone of ctx.s.zones) {
    if (zone.status === 'pausing' && zone.valves.every((valve) => valve.phase === 'closed')) {
      zone.status = zone.phase === 'done' ? 'stopped' : 'paused';
    }
    if (
      zone.phase === 'cycle' &&
      (zone.status === 'starting' || zone.status === 'resuming') &&
      !zone.valves.some(
        (valve) =>
          valve.phase === 'opening' ||
          awaitingOpen(valve) ||
          (valve.phase === 'closing' && valve.remainingMs > 0),
      )
    ) {
      zone.status = 'running';
    }
  }
}

function settlePause(ctx: Ctx) {
  const { s } = ctx;
  if (!s.zones.every((zone) => zone.valves.every((valve) => valve.phase === 'closed'))) return;
  send(
    ctx,
    'close',
    s.pumps.filter((pump) => pump.phase === 'open' || pump.phase === 'opening'),
  );
  if (actuators(s).every((target) => target.phase === 'closed')) s.activity = 'paused';
}

function closeDueValves(ctx: Ctx) {
  for (const zone of ctx.s.zones) {
    const due = zone.valves.filter(
      (valve) =>
        valve.phase === 'open' &&
        valve.openedAt !== null &&
        valve.openedAt + valve.remainingMs <= ctx.now,
    );
    for (const valve of due) stopWatering(ctx, valve);
    send(ctx, 'close', due);
  }
}

function beginCycle(zone: ZoneRun) {
  zone.phase = 'cycle';
  zone.soakUntil = null;
  zone.lastCycle = zone.cyclesDone === zone.cycles - 1;
  for (const valve of zone.valves) valve.remainingMs = valve.fault === null ? valve.cycleMs : 0;
}

/** A zone's run (or repeat) is over: it waits for its next repeat, or is done. */
function endZone(ctx: Ctx, zone: ZoneRun, completed: boolean) {
  zone.endTime = ctx.now;
  zone.stoppedTime = null;
  zone.soakUntil = null;
  zone.status = 'stopped';
  if (completed) {
    zone.irrigated = true;
    zone.lastCycle = true;
  }
  const canRepeat = completed && zone.valves.some(working);
  if (canRepeat && zone.repeatsLeft > 0 && zone.repeatIntervalMs > 0) {
    zone.phase = 'repeatWait';
    zone.repeatDueAt = ctx.now + zone.repeatIntervalMs;
  } else {
    zone.phase = 'done';
    zone.repeatDueAt = null;
    // A zone that could not finish gives up its repeats: §4 would show it as repeats otherwise.
    zone.repeatsLeft = canRepeat ? zone.repeatsLeft : 0;
  }
  const lane = ctx.s.lanes[zone.lane];
  if (lane?.current === zone.id) lane.current = null;
}

function finishCycles(ctx: Ctx) {
  for (const zone of ctx.s.zones) {
    if (zone.phase !== 'cycle') continue;
    const over = zone.valves.every(
      (valve) => valve.phase === 'closed' && (valve.fault !== null || valve.remainingMs === 0),
    );
    if (!over) continue;
    const watering = zone.valves.some(working);
    if (watering) zone.cyclesDone += 1;
    if (watering && zone.cyclesDone < zone.cycles) {
      zone.phase = 'soaking';
      zone.soakUntil = ctx.now + zone.soakMs;
    } else {
      endZone(ctx, zone, watering);
    }
  }
}

function endSoaks(ctx: Ctx) {
  for (const zone of ctx.s.zones) {
    if (zone.phase === 'soaking' && zone.soakUntil !== null && zone.soakUntil <= ctx.now) {
      beginCycle(zone);
    }
  }
}

function startZone(ctx: Ctx, zone: ZoneRun) {
  if (zone.phase === 'repeatWait') zone.repeatsLeft -= 1;
  zone.repeatDueAt = null;
  zone.cyclesDone = 0;
  zone.status = 'starting';
  zone.startTime = ctx.now;
  zone.endTime = null;
  zone.stoppedTime = null;
  zone.resumeTime = null;
  beginCycle(zone);
}

function pickNextZones(ctx: Ctx) {
  const { s } = ctx;
  s.lanes.forEach((lane, index) => {
    if (lane.current !== null) {
      const busy = zoneOf(s, lane.current);
      if (busy && (busy.phase === 'cycle' || busy.phase === 'soaking')) return;
      lane.current = null;
    }
    let next = s.zones
      .filter(
        (zone) =>
          zone.lane === index &&
          zone.phase === 'repeatWait' &&
          zone.repeatDueAt !== null &&
          zone.repeatDueAt <= ctx.now,
      )
      .sort((a, b) => (a.repeatDueAt ?? 0) - (b.repeatDueAt ?? 0))[0];
    while (!next && lane.queue.length > 0) {
      const candidate = zoneOf(s, lane.queue.shift() as number);
      if (candidate?.phase === 'queued') next = candidate;
    }
    if (next) {
      startZone(ctx, next);
      lane.current = next.id;
    }
  });
}

/** Seconds a pump's fail-safe must cover: the run's watering still to come, without repeat waits. */
function pumpSeconds(ctx: Ctx, atLeastMs = 0): number {
  const needed = Math.max(projectEndMs(ctx.s, ctx.now, false) - ctx.now, atLeastMs);
  return Math.ceil(needed / 1000) + FAIL_SAFE_MARGIN_SECONDS;
}

function drivePumps(ctx: Ctx) {
  const { s } = ctx;
  const need =
    s.zones.some((zone) => zone.valves.some((valve) => valve.phase !== 'closed')) ||
    s.zones.some((zone) => zone.phase === 'cycle' && zone.valves.some(awaitingOpen));
  if (need) {
    send(
      ctx,
      'open',
      s.pumps.filter((pump) => pump.phase === 'closed' && pump.fault === null),
      () => pumpSeconds(ctx),
    );
  } else {
    send(
      ctx,
      'close',
      s.pumps.filter((pump) => pump.phase === 'open' || pump.phase === 'opening'),
    );
  }
}

function pumpsReady(s: RunState): boolean {
  return s.pumps.every(
    (pump) => pump.phase === 'open' || (pump.phase === 'closed' && pump.fault !== null),
  );
}

function valveSeconds(group: Actuator[]): number {
  const longest = Math.max(...group.map((valve) => valve.remainingMs));
  return Math.ceil(longest / 1000) + FAIL_SAFE_MARGIN_SECONDS;
}

function openValves(ctx: Ctx) {
  const { s } = ctx;
  if (!pumpsReady(s)) return;
  for (const zone of s.zones) {
    if (zone.phase !== 'cycle') continue;
    const toOpen = zone.valves.filter(awaitingOpen);
    if (toOpen.length === 0) continue;
    // A pump must not stop by its fail-safe while these valves are to water: when it would run out
    // less than half a margin past their planned watering, it is re-opened (extended) first. Half,
    // so a run a little behind its plan does not re-send the pump's open at every zone.
    const wateredUntil = ctx.now + Math.max(...toOpen.map((valve) => valve.remainingMs));
    const short = s.pumps.filter(
      (pump) =>
        pump.phase === 'open' &&
        pump.ref === null &&
        pump.fault === null &&
        (pump.failSafeUntil ?? 0) < wateredUntil + (FAIL_SAFE_MARGIN_SECONDS * 1000) / 2,
    );
    send(ctx, 'open', short, () => pumpSeconds(ctx, wateredUntil - ctx.now));
    send(ctx, 'open', toOpen, valveSeconds);
  }
}

function checkRequest(ctx: Ctx) {
  const { s } = ctx;
  const request = s.request;
  if (!request || !requestActive(s)) return;
  const scope = request.zones
    ? s.zones.filter((zone) => request.zones?.includes(zone.id))
    : s.zones;
  switch (request.action) {
    case 'start':
    case 'test':
      if (scope.some((zone) => zone.opened)) setRequestStatus(ctx, 'done');
      else if (scope.every((zone) => zone.phase === 'done' || zone.phase === 'repeatWait')) {
        setRequestStatus(ctx, 'failed', 'no valve could be opened');
      }
      return;
    case 'resume':
      if (s.activity === 'running') setRequestStatus(ctx, 'done');
      return;
    case 'pause':
      if (request.zones) {
        if (scope.every((zone) => zone.status !== 'pausing')) setRequestStatus(ctx, 'done');
      } else if (s.activity === 'paused') {
        setRequestStatus(ctx, 'done');
      }
      return;
  }
}

function finishRun(ctx: Ctx) {
  const { s } = ctx;
  const over =
    s.lanes.every((lane) => lane.current === null && lane.queue.length === 0) &&
    s.zones.every((zone) => zone.phase === 'done') &&
    actuators(s).every((target) => target.phase === 'closed');
  if (!over) return;
  s.activity = 'stopped';
  s.endTime = ctx.now;
  s.stoppedTime = null;
  checkRequest(ctx);
  if (requestActive(s)) setRequestStatus(ctx, 'done');
}

// ---------------------------------------------------------------------------------------------
// Timing

function cycleLengthMs(zone: ZoneRun): number {
  return Math.max(0, ...zone.valves.filter(working).map((valve) => valve.cycleMs));
}

/** A whole run (or repeat) of the zone: its cycles and the soaks between them. */
function zoneTotalMs(zone: ZoneRun): number {
  return zone.cycles * cycleLengthMs(zone) + (zone.cycles - 1) * zone.soakMs;
}

/**
 * Time left in the zone's current run (or repeat) from `now`, ms, not counting later repeats: the
 * watering its valves still owe this cycle, then the soaks and cycles still to come. Paused
 * valves owe what they owed when they closed, so a paused zone's time left stays put.
 */
export function zoneRemainingMs(zone: ZoneRun, now: number): number {
  const length = cycleLengthMs(zone);
  switch (zone.phase) {
    case 'queued':
      return zoneTotalMs(zone);
    case 'cycle': {
      const owed = Math.max(
        0,
        ...zone.valves.map((valve) =>
          valve.phase === 'open' && valve.openedAt !== null
            ? Math.max(0, valve.openedAt + valve.remainingMs - now)
            : valve.fault === null
              ? valve.remainingMs
              : 0,
        ),
      );
      const after = zone.cycles - zone.cyclesDone - 1;
      return owed + after * (length + zone.soakMs);
    }
    case 'soaking': {
      const left = zone.cycles - zone.cyclesDone;
      return Math.max(0, (zone.soakUntil ?? now) - now) + left * length + (left - 1) * zone.soakMs;
    }
    case 'repeatWait':
    case 'done':
      return 0;
  }
}

/**
 * When the run is expected to end, epoch ms: every lane works through its current and queued
 * zones from `now` (or the planned start), and with `repeats` each zone's repeats follow at their
 * interval. An estimate: command round trips and a lane's wait for a due repeat are not counted.
 */
export function projectEndMs(s: RunState, now: number, repeats = true): number {
  if (s.activity === 'stopped') return s.endTime ?? now;
  const from = Math.max(now, s.startTime);
  let end = from;
  const repeatEnd = (zone: ZoneRun, runEnd: number) =>
    runEnd + zone.repeatsLeft * (zone.repeatIntervalMs + zoneTotalMs(zone));
  s.lanes.forEach((lane, index) => {
    let t = from;
    const current = lane.current === null ? undefined : zoneOf(s, lane.current);
    const ordered = [
      ...(current ? [current] : []),
      ...lane.queue.flatMap((id) => zoneOf(s, id) ?? []),
    ];
    for (const zone of ordered) {
      t += zone === current ? zoneRemainingMs(zone, from) : zoneTotalMs(zone);
      if (repeats) end = Math.max(end, repeatEnd(zone, t));
    }
    end = Math.max(end, t);
    if (!repeats) return;
    for (const zone of s.zones) {
      if (zone.lane !== index || zone.phase !== 'repeatWait') continue;
      const first = Math.max(zone.repeatDueAt ?? from, from) + zoneTotalMs(zone);
      end = Math.max(
        end,
        first + (zone.repeatsLeft - 1) * (zone.repeatIntervalMs + zoneTotalMs(zone)),
      );
    }
  });
  return end;
}

/** Time left in the whole run, ms (§4 time remaining, for the program as a whole). */
export function runRemainingMs(s: RunState, now: number): number {
  return Math.max(0, projectEndMs(s, now) - now);
}

/** The next instant (after `now`) something is planned to happen to the run, or null. */
export function nextWakeMs(s: RunState, now: number): number | null {
  const times = s.commands.map((command) => command.deadline);
  const moving = s.activity === 'starting' || s.activity === 'resuming' || s.activity === 'running';
  if (moving) {
    if (s.activity === 'starting' && now < s.startTime) times.push(s.startTime);
    for (const zone of s.zones) {
      for (const valve of zone.valves) {
        if (valve.phase === 'open' && valve.openedAt !== null) {
          times.push(valve.openedAt + valve.remainingMs);
        }
      }
      if (zone.phase === 'soaking' && zone.soakUntil !== null) times.push(zone.soakUntil);
      if (zone.phase === 'repeatWait' && zone.repeatDueAt !== null) times.push(zone.repeatDueAt);
    }
  }
  // A time already passed is something due that must wait for another event (a repeat due while
  // its lane is busy): waking for it again would only spin.
  const ahead = times.filter((time) => time > now);
  return ahead.length === 0 ? null : Math.min(...ahead);
}

// ---------------------------------------------------------------------------------------------
// What the run shows (§3 program status, zone application, control application)

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/** §3 program status of the run. While it goes on, endTime is when it is expected to end. */
export function runProgramStatus(s: RunState, now: Date): ProgramStatus {
  const nowMs = now.getTime();
  return {
    activity: s.activity,
    startTime: iso(s.startTime),
    endTime: iso(s.activity === 'stopped' ? s.endTime : projectEndMs(s, nowMs)),
    stoppedTime: iso(s.stoppedTime),
    requestActive: requestActive(s),
    requestId: s.request?.id ?? null,
  };
}

/**
 * §3 zone application of a zone of the run. endTime is when the zone's current run is expected to
 * end (a paused zone: counted from its stopped time, so §4 time remaining stays put), or when it
 * ended.
 */
export function runZoneApplication(
  zone: ZoneRun,
  now: Date,
): Omit<ZoneApplication, 'irrigationType'> {
  const underWay = zone.phase === 'cycle' || zone.phase === 'soaking';
  const from = zone.stoppedTime ?? now.getTime();
  return {
    status: zone.status,
    startTime: iso(zone.startTime),
    endTime: underWay ? iso(from + zoneRemainingMs(zone, from)) : iso(zone.endTime),
    stoppedTime: iso(zone.stoppedTime),
    resumeTime: iso(zone.resumeTime),
    cycleCount: zone.cyclesDone,
    lastCycle: zone.lastCycle,
    irrigated: zone.irrigated,
  };
}

/**
 * The program's zones with the run's applications merged in; a run (not a test) also counts down
 * each zone's repeatCount (§3 "repeats still to come") so §4 shows repeats, then stopped.
 */
export function applyRunToZones(zones: ProgramZone[], s: RunState, now: Date): ProgramZone[] {
  return zones.map((zone) => {
    const run = zoneOf(s, zone.id);
    if (!run) return zone;
    const application = { ...zone.application, ...runZoneApplication(run, now) };
    const setting =
      s.kind === 'run' && zone.setting.repeat
        ? { ...zone.setting, repeatCount: run.repeatsLeft }
        : zone.setting;
    return { ...zone, application, setting };
  });
}

/** What a control of the run shows (§3 control application) and whether it is asked to run. */
export type RunControlState = {
  id: number;
  application: ControlApplication;
  /** §4 device status: an open has been asked for and not taken back. */
  startRequested: boolean;
  /** The device has confirmed it open (and not yet confirmed it closed). */
  isRunning: boolean;
};

function actuatorStatus(target: Actuator, zone: ZoneRun | null, s: RunState) {
  switch (target.phase) {
    case 'opening':
      return zone?.status === 'resuming' || s.activity === 'resuming' ? 'resuming' : 'starting';
    case 'open':
      return 'running';
    case 'closing':
      return zone?.status === 'pausing' || s.activity === 'pausing' ? 'pausing' : 'running';
    case 'closed':
      if (zone) return zone.status === 'paused' && awaitingOpen(target) ? 'paused' : 'stopped';
      return s.activity === 'paused' ? 'paused' : 'stopped';
  }
}

function controlState(target: Actuator, zone: ZoneRun | null, s: RunState): RunControlState {
  return {
    id: target.id,
    application: {
      status: actuatorStatus(target, zone, s),
      startTime: iso(target.startedAt),
      exclude: false,
      hasFaults: target.fault !== null,
    },
    startRequested: target.phase === 'opening' || target.phase === 'open',
    isRunning: target.phase === 'open' || target.phase === 'closing',
  };
}

/** Every control the run touches: the zones' valves (excluded ones too) and the pumps. */
export function runControlStates(s: RunState): RunControlState[] {
  return [
    ...s.zones.flatMap((zone) => [
      ...zone.valves.map((valve) => controlState(valve, zone, s)),
      ...zone.excluded.map((id) => ({
        id,
        application: {
          status: 'stopped' as const,
          startTime: null,
          exclude: true,
          hasFaults: false,
        },
        startRequested: false,
        isRunning: false,
      })),
    ]),
    ...s.pumps.map((pump) => controlState(pump, null, s)),
  ];
}
