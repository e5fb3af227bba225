/**
 * What the program runner's jobs decide without the database: the payloads its queue carries, the
 * step each job asks of the run (the domain's runner decides the rest), the ids a step's commands
 * are saved under, what the console is shown after a step, and which saved commands are still
 * worth sending. run-driver.ts and runner-service.ts carry it out; nothing here does I/O or reads
 * a clock.
 */
import {
  applyRunToZones,
  COMMAND_GRACE_SECONDS,
  findPendingCommand,
  handleRunRequest,
  idSchema,
  isoDateTimeSchema,
  runControlStates,
  runProgramStatus,
  serialnoSchema,
  stepRun,
  type PendingCommand,
  type ProgramStatus,
  type ProgramZone,
  type RunAction,
  type RunCommand,
  type RunControlState,
  type RunEvent,
  type RunSetup,
  type RunState,
  type StepResult,
} from '@paddock/domain';
import { z } from 'zod';

export const PROGRAM_RUNNER_QUEUE = 'program-runner';

export const runnerJobSchema = z.discriminatedUnion('kind', [
  /** Carry out a program request. */
  z.object({ kind: z.literal('request'), programId: idSchema, requestId: idSchema }),
  /** A planned time of the run has come. */
  z.object({ kind: z.literal('wake'), programId: idSchema }),
  /** The flow supervisor closes these zones of the run (high flow, flow-watch.ts). */
  z.object({ kind: z.literal('shutOff'), programId: idSchema, zones: z.array(idSchema).min(1) }),
  /** A command of the run was answered (or given up on). */
  z.object({
    kind: z.literal('settled'),
    programId: idSchema,
    commandId: z.uuid(),
    serialno: serialnoSchema,
    action: z.enum(['open', 'close', 'ping']),
    controls: z.array(idSchema),
    status: z.enum(['done', 'failed', 'timedOut']),
    reason: z.string().nullable(),
  }),
]);
export type RunnerJob = z.infer<typeof runnerJobSchema>;

/** What POST programs/{id}/{action} recorded with the request (resources/programs actionPayload). */
export const requestPayloadSchema = z.object({
  startTime: isoDateTimeSchema.optional(),
  zones: z.array(idSchema).min(1).optional(),
});
export type RequestPayload = z.infer<typeof requestPayloadSchema>;

/** One step of a run: the state after it, or null when there is nothing to do. */
export type Transform = (state: RunState | null, now: Date) => StepResult | null;

/** COMMAND_GRACE_SECONDS in ms: a pending command's deadline less this is its command timeout. */
const COMMAND_GRACE_MS = COMMAND_GRACE_SECONDS * 1000;

// ---------------------------------------------------------------------------------------------
// The step each job asks for

/** A program request the run takes up. */
export function requestStep(
  requestId: number,
  action: RunAction,
  payload: RequestPayload,
  setup: RunSetup,
): Transform {
  return (state, now) =>
    handleRunRequest(
      state,
      {
        id: requestId,
        action,
        zones: payload.zones ?? null,
        startTime: payload.startTime ? new Date(payload.startTime) : null,
      },
      setup,
      now,
    );
}

/** A request the runner cannot carry out (not a program action, or no such program): it fails. */
export function requestFailedStep(requestId: number, reason: string): Transform {
  return (state) => ({
    state,
    effects: [{ kind: 'request', requestId, status: 'failed', reason }],
    nextWakeAt: null,
  });
}

/** A planned time of the run has come; a program that never ran has nothing to wake. */
export const wakeStep: Transform = (state, now) =>
  state ? stepRun(state, { type: 'wake' }, now) : null;

/** The flow supervisor's shut-off: a live run closes the zones; a stopped one has none open. */
export function shutOffStep(zones: number[]): Transform {
  return (state, now) =>
    state && state.activity !== 'stopped' ? stepRun(state, { type: 'shutOff', zones }, now) : null;
}

/** A command of the run settled (the field link names the run that sent it). */
export function settledStep(job: Extract<RunnerJob, { kind: 'settled' }>): Transform {
  const { commandId, serialno, action, controls, status, reason } = job;
  const event: RunEvent = {
    type: 'commandSettled',
    ...{ commandId, serialno, action, controls, status, reason },
  };
  // A live run waiting on the command takes its answer. Any other run (the program's row
  // may hold a later one by now) hears only an open done, to close again what it holds
  // closed (the domain's stepRun); other answers it never awaited change nothing.
  return (state, now) =>
    state &&
    ((state.activity !== 'stopped' && findPendingCommand(state.commands, event)) ||
      (action === 'open' && status === 'done'))
      ? stepRun(state, event, now)
      : null;
}

/** A step that feeds the run what was heard of its commands. */
export function hearing(heard: RunEvent[]): Transform {
  return (state, now) => {
    if (!state) return null;
    let stepped: StepResult = { state, effects: [], nextWakeAt: null };
    const effects = [];
    for (const event of heard) {
      stepped = stepRun(stepped.state as RunState, event, now);
      effects.push(...stepped.effects);
    }
    return { ...stepped, effects };
  };
}

// ---------------------------------------------------------------------------------------------
// Commands

/**
 * Gives the step's new commands their ids before the step is saved, so the saved run names every
 * command it waits on: one its process never sent can be found and sent once (resendUnsent).
 */
export function withCommandIds(result: StepResult, newId: () => string) {
  if (!result.state) return;
  const refs = new Set(
    result.effects.flatMap((effect) =>
      effect.kind === 'command' && effect.ref ? [effect.ref] : [],
    ),
  );
  for (const command of result.state.commands) {
    if (command.commandId === null && refs.has(command.ref)) command.commandId = newId();
  }
}

/** A step that changed nothing is not saved: the run stays at the version read. */
export function changesNothing(before: RunState | null, result: StepResult): boolean {
  return (
    before !== null &&
    result.effects.length === 0 &&
    JSON.stringify(result.state) === JSON.stringify(before)
  );
}

/**
 * The saved commands of a live run that may never have gone out: named by an id, and still
 * within their command timeout (one past it is left to its deadline, not opened late).
 */
export function resendCandidates(state: RunState, nowMs: number): PendingCommand[] {
  if (state.activity === 'stopped') return [];
  return state.commands.filter(
    (command) => command.commandId !== null && nowMs < command.deadline - COMMAND_GRACE_MS,
  );
}

/** A saved command as it was sent. */
export function runCommandOf(command: PendingCommand): RunCommand {
  return command.action === 'open'
    ? { action: 'open', controls: command.controls, durationSeconds: command.durationSeconds ?? 0 }
    : { action: 'close', controls: command.controls };
}

// ---------------------------------------------------------------------------------------------
// What the console reads after a step

/**
 * The program status to show. While a request the run has not taken up yet is waiting, the
 * status the API gave it (its pending activity, requestActive) stands.
 */
export function statusToShow(current: ProgramStatus, state: RunState, now: Date): ProgramStatus {
  const shown = runProgramStatus(state, now);
  const waiting = current.requestId ?? null;
  if (
    current.requestActive &&
    waiting !== null &&
    waiting !== state.request?.id &&
    !state.handledRequests.includes(waiting)
  ) {
    return { ...shown, activity: current.activity, requestActive: true, requestId: waiting };
  }
  return shown;
}

/** The program's status and zones after the step; `ended` when the step ended the run. */
export function programView(
  program: { status: ProgramStatus; zones: ProgramZone[] },
  result: StepResult,
  now: Date,
  ended: boolean,
): { status: ProgramStatus; zones: ProgramZone[] } {
  let { status, zones } = program;
  if (result.state) {
    // An ended run has ended every open request: nothing waiting may hold what it shows.
    status = ended
      ? runProgramStatus(result.state, now)
      : statusToShow(program.status, result.state, now);
    zones = applyRunToZones(program.zones, result.state, now);
  } else {
    // A request refused with no run at all: nothing runs, whatever the API showed meanwhile.
    const refused = result.effects.some(
      (effect) => effect.kind === 'request' && effect.requestId === status.requestId,
    );
    if (refused) status = { ...status, activity: 'stopped', requestActive: false };
  }
  return { status, zones };
}

function sameControlState(a: RunControlState | undefined, b: RunControlState): boolean {
  return a !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

/** The controls whose application, startRequested or isRunning the step changed. */
export function changedControls(before: RunState | null, after: RunState): RunControlState[] {
  const previous = new Map(
    (before ? runControlStates(before) : []).map((control) => [control.id, control]),
  );
  return runControlStates(after).filter(
    (control) => !sameControlState(previous.get(control.id), control),
  );
}
