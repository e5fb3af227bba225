/**
 * The program runner on the server (issue 4 item 6). The domain's runner decides everything
 * (packages/domain/src/irrigation/runner.ts); this keeps its state, carries out what it asks and
 * feeds it what happens:
 *
 * - Program requests (start, resume, pause, test) arrive from the dispatcher (the runner's
 *   `handlers` go into its registry), and settled commands from the field link, which names the
 *   run that sent each command; each becomes a job on one pg-boss queue, so whichever worker
 *   process is free takes it, and a job whose process dies runs again.
 * - A job loads the run (program_runs.state, parsed at the boundary), steps it, and saves it only
 *   if its `version` is still the one it read: two processes never both advance a run; the loser
 *   reads again and steps the newer state. In the same transaction it writes what the console
 *   reads: programs.status and zones, controls.application, startRequested and isRunning, and the
 *   request statuses.
 * - Only then are the commands sent, and their ids recorded in the run. The time the run must next
 *   wake is a delayed job (startAfter), one per program and instant (singletonKey).
 *
 * Nothing is held in memory between jobs, so a restart needs nothing special: the delayed jobs
 * and the settled commands still to come carry the run on in whichever process is up, and a worker
 * that starts wakes every run not stopped, so a run whose jobs were all lost moves on too.
 *
 * A run is never left stuck (issue 18): a stored run that cannot be read, a step that throws, or
 * a step whose state would not read back once stored (the domain's stepStoredRun finds each) ends
 * the run failed by the domain's abandonRun: every valve and pump told to close, the program's open
 * requests ended, an error event on its area, and a stopped run in its place. A step's
 * commands get their ids before it is saved; a process that dies between saving a step and
 * sending its commands leaves them unsent, and the run's next job (the retry of that job, a wake,
 * the worker's start) sends them under those ids (resendUnsent), which the field link records
 * once: a valve is never opened twice, and one whose command timeout has passed is left to its
 * deadline (taken as unanswered, closed to be sure) rather than opened late.
 */
import {
  abandonRun,
  applyRunToZones,
  COMMAND_GRACE_SECONDS,
  findPendingCommand,
  handleRunRequest,
  idSchema,
  isFinalRequestStatus,
  isoDateTimeSchema,
  runActionSchema,
  runControlStates,
  runProgramStatus,
  runStateSchema,
  serialnoSchema,
  stepRun,
  stepStoredRun,
  type AbandonResult,
  type ProgramStatus,
  type RunCommand,
  type RunControlState,
  type RunEvent,
  type RunSetup,
  type RunState,
  type StepResult,
} from '@paddock/domain';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { queryRows, type Database, type Transaction } from '../db/client.ts';
import { controls, events, programRuns, programs } from '../db/schema.ts';
import type { CommandSender } from '../field/command-link.ts';
import { controlDevices } from '../field/control-devices.ts';
import { ensureQueue } from '../field/jobs.ts';
import { repeatEvery } from '../field/repeat.ts';
import type { Clock } from '../clock.ts';
import type { RequestHandler, RequestHandlers } from '../requests/dispatcher.ts';
import { openRequests, requestById, setRequestStatus } from '../requests/request.repository.ts';
import type { Log } from '../log.ts';

export const PROGRAM_RUNNER_QUEUE = 'program-runner';

/** COMMAND_TIMEOUT_SECONDS's default (config.ts). */
const DEFAULT_COMMAND_TIMEOUT_SECONDS = 30;

/**
 * A program request claimed this long ago that its run has not taken up was claimed by a worker
 * that died before handing it on: it is put back as new, and claimed again (issue 19).
 */
const REQUEST_LEASE_MS = 30_000;
const REQUEST_LEASE_CHECK_MS = 10_000;

/** A step that keeps losing the race for its run this many times in a row gives up (and retries). */
const MAX_SAVE_ATTEMPTS = 8;

const runnerJobSchema = z.discriminatedUnion('kind', [
  /** Carry out a program request. */
  z.object({ kind: z.literal('request'), programId: idSchema, requestId: idSchema }),
  /** A planned time of the run has come. */
  z.object({ kind: z.literal('wake'), programId: idSchema }),
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
type RunnerJob = z.infer<typeof runnerJobSchema>;

/** What POST programs/{id}/{action} recorded with the request (routes/programs actionPayload). */
const requestPayloadSchema = z.object({
  startTime: isoDateTimeSchema.optional(),
  zones: z.array(idSchema).min(1).optional(),
});

/** One step of a run: the state after it, or null when there is nothing to do. */
type Transform = (state: RunState | null, now: Date) => StepResult | null;

export type ProgramRunnerDeps = {
  db: Database;
  clock: Clock;
  log: Log;
  jobs: PgBoss;
  commands: CommandSender;
  /**
   * The field link's command timeout (config.field.commandTimeoutSeconds); the run takes a
   * command as unanswered a grace period after it. Defaults to that setting's default.
   */
  commandTimeoutSeconds?: number;
  /** Overrides the domain's TEST_ZONE_SECONDS (tests). */
  testZoneSeconds?: number;
  /** Overrides REQUEST_LEASE_MS (tests). */
  requestLeaseMs?: number;
  /** How often an idle worker looks for runner jobs; pg-boss's own setting when absent. */
  pollingIntervalSeconds?: number;
};

/** COMMAND_GRACE_SECONDS in ms: a pending command's deadline less this is its command timeout. */
const COMMAND_GRACE_MS = COMMAND_GRACE_SECONDS * 1000;

/**
 * Gives the step's new commands their ids before the step is saved, so the saved run names every
 * command it waits on: one its process never sent can be found and sent once (resendUnsent).
 */
function withCommandIds(result: StepResult) {
  if (!result.state) return;
  const refs = new Set(
    result.effects.flatMap((effect) =>
      effect.kind === 'command' && effect.ref ? [effect.ref] : [],
    ),
  );
  for (const command of result.state.commands) {
    if (command.commandId === null && refs.has(command.ref)) command.commandId = randomUUID();
  }
}

function sameControlState(a: RunControlState | undefined, b: RunControlState): boolean {
  return a !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

export async function startProgramRunner(deps: ProgramRunnerDeps): Promise<{
  /** The dispatcher's handlers for program requests (requests/dispatcher.ts). */
  handlers: RequestHandlers;
  close(): Promise<void>;
}> {
  const { db, clock, log, jobs, commands } = deps;
  let closed = false;
  const inFlight = new Set<Promise<unknown>>();

  await ensureQueue(jobs, PROGRAM_RUNNER_QUEUE, {
    // `short`: a job waiting with the same singletonKey is not queued twice (one wake per program
    // and instant, one job per request or settlement); one already running does not block a new one.
    policy: 'short',
    retryLimit: 10,
    retryDelay: 1,
    // A step takes milliseconds to a few seconds; one still active after this had its worker die,
    // and is run again (a run's version check keeps a late first attempt from stepping it twice).
    expireInSeconds: 30,
  });

  /** The run as stored (program_runs.state, read by the domain's stepStoredRun) and its version. */
  async function loadRun(programId: number): Promise<{ raw: unknown; version: number } | null> {
    const [row] = await db
      .select({ state: programRuns.state, version: programRuns.version })
      .from(programRuns)
      .where(eq(programRuns.programId, programId));
    return row ? { raw: row.state, version: row.version } : null;
  }

  async function loadSetup(programId: number): Promise<RunSetup | null> {
    const [program] = await db.select().from(programs).where(eq(programs.id, programId));
    if (!program) return null;
    return {
      program: { id: program.id, schedule: program.schedule, zones: program.zones },
      controls: await controlDevices(db, eq(controls.areaId, program.areaId)),
      commandTimeoutSeconds: deps.commandTimeoutSeconds ?? DEFAULT_COMMAND_TIMEOUT_SECONDS,
      ...(deps.testZoneSeconds !== undefined && { testZoneSeconds: deps.testZoneSeconds }),
    };
  }

  /**
   * The program status to show. While a request the run has not taken up yet is waiting, the
   * status the API gave it (its pending activity, requestActive) stands.
   */
  function statusToShow(current: ProgramStatus, state: RunState, now: Date): ProgramStatus {
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

  /** Writes what the console reads; in the transaction that saved the run. */
  async function writeViews(
    tx: Transaction,
    programId: number,
    before: RunState | null,
    result: StepResult,
    now: Date,
    event: AbandonResult['event'] | null,
  ) {
    const [program] = await tx
      .select({ status: programs.status, zones: programs.zones, areaId: programs.areaId })
      .from(programs)
      .where(eq(programs.id, programId))
      .for('update');
    if (program && event) {
      await tx.insert(events).values({
        areaId: program.areaId,
        type: event.type,
        targetType: 'program',
        targetId: programId,
        message: event.message,
        createdAt: now,
      });
    }
    if (program) {
      let { status, zones } = program;
      if (result.state) {
        // An ended run has ended every open request: nothing waiting may hold what it shows.
        status = event
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
      await tx.update(programs).set({ status, zones }).where(eq(programs.id, programId));
    }
    // Requests before controls, as the field link orders its locks: two writers never deadlock.
    for (const effect of result.effects) {
      if (effect.kind === 'request') {
        await setRequestStatus(tx, effect.requestId, effect.status, now);
        if (effect.reason) {
          log.info(
            {
              programId,
              requestId: effect.requestId,
              status: effect.status,
              reason: effect.reason,
            },
            'program request',
          );
        }
      }
    }
    if (result.state) {
      const previous = new Map(
        (before ? runControlStates(before) : []).map((control) => [control.id, control]),
      );
      for (const control of runControlStates(result.state)) {
        if (sameControlState(previous.get(control.id), control)) continue;
        await tx
          .update(controls)
          .set({
            application: control.application,
            startRequested: control.startRequested,
            isRunning: control.isRunning,
            modifiedAt: now,
          })
          .where(eq(controls.id, control.id));
      }
    }
  }

  /**
   * Saves the step if the run is still at the version read (null: there was none); false when
   * another process won.
   */
  async function save(
    programId: number,
    stored: { version: number; before: RunState | null } | null,
    result: StepResult,
    now: Date,
    event: AbandonResult['event'] | null = null,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      if (result.state) {
        const saved = stored
          ? await tx
              .update(programRuns)
              .set({ state: result.state, version: stored.version + 1, updatedAt: now })
              .where(
                and(eq(programRuns.programId, programId), eq(programRuns.version, stored.version)),
              )
              .returning({ version: programRuns.version })
          : await tx
              .insert(programRuns)
              .values({ programId, state: result.state, version: 1, updatedAt: now })
              .onConflictDoNothing()
              .returning({ version: programRuns.version });
        if (saved.length === 0) return false;
      }
      await writeViews(tx, programId, stored?.before ?? null, result, now, event);
      return true;
    });
  }

  /** Ends a run that cannot be read or stepped (the domain's abandonRun). */
  async function abandon(
    programId: number,
    raw: unknown,
    reason: string,
    now: Date,
  ): Promise<AbandonResult> {
    log.error({ programId, reason }, 'program run ended: it could not be read or stepped');
    const setup = await loadSetup(programId);
    const open = await openRequests(db, 'program', programId);
    return abandonRun(
      raw,
      {
        programId,
        program: setup?.program ?? null,
        controls: setup?.controls ?? [],
        openRequests: open.map((request) => ({ id: request.id, action: request.action })),
        reason,
      },
      now,
    );
  }

  /**
   * Loads, steps and saves the run, stepping again on the newer state when another process won. A
   * run that cannot be read or stepped is ended instead (`abandon`), and that is the step.
   */
  async function commit(programId: number, transform: Transform): Promise<StepResult | null> {
    for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt++) {
      const stored = await loadRun(programId);
      const now = clock.now();
      const step = stepStoredRun(stored?.raw ?? null, (state) => transform(state, now));
      if ('fault' in step) {
        const ended = await abandon(programId, stored?.raw ?? null, step.fault, now);
        const version = stored ? { version: stored.version, before: null } : null;
        if (await save(programId, version, ended, now, ended.event)) return ended;
        continue;
      }
      const { before, result } = step;
      if (!result) return null;
      withCommandIds(result);
      const unchanged =
        before !== null &&
        result.effects.length === 0 &&
        JSON.stringify(result.state) === JSON.stringify(before);
      const version = stored ? { version: stored.version, before } : null;
      if (unchanged || (await save(programId, version, result, now))) return result;
    }
    throw new Error(`program ${programId}: the run kept changing under this step`);
  }

  async function enqueue(job: RunnerJob, options: PgBoss.SendOptions) {
    await jobs.send(PROGRAM_RUNNER_QUEUE, job, options);
    // This process's worker looks now instead of at its next poll.
    if (options.startAfter === undefined) jobs.notifyWorker(workerId);
  }

  async function scheduleWake(programId: number, at: Date | null) {
    if (!at) return;
    await jobs.send(PROGRAM_RUNNER_QUEUE, { kind: 'wake', programId } satisfies RunnerJob, {
      startAfter: at,
      singletonKey: `wake:${programId}:${at.getTime()}`,
    });
  }

  /** Sends one command; answers what the run must hear about it (nothing when it went out). */
  async function sendOne(
    programId: number,
    requestId: number | null,
    ref: string | null,
    commandId: string | null,
    effect: { siteId: number; serialno: string; command: RunCommand },
  ): Promise<RunEvent | null> {
    try {
      const sentId = await commands.send({
        ...(commandId ? { commandId } : {}),
        requestId,
        programRunId: programId,
        siteId: effect.siteId,
        serialno: effect.serialno,
        command: effect.command,
      });
      return ref && sentId !== commandId ? { type: 'commandSent', ref, commandId: sentId } : null;
    } catch (error) {
      log.error({ err: error, programId, serialno: effect.serialno }, 'program command not sent');
      return ref ? { type: 'sendFailed', ref, reason: String(error) } : null;
    }
  }

  /** Sends the step's commands, under the ids saved with it; answers what the run must hear. */
  async function sendCommands(programId: number, result: StepResult): Promise<RunEvent[]> {
    const heard: RunEvent[] = [];
    const ids = new Map((result.state?.commands ?? []).map((c) => [c.ref, c.commandId]));
    for (const effect of result.effects) {
      if (effect.kind !== 'command') continue;
      const commandId = effect.ref ? (ids.get(effect.ref) ?? null) : null;
      const requestId = result.state?.request?.id ?? null;
      const event = await sendOne(programId, requestId, effect.ref, commandId, effect);
      if (event) heard.push(event);
    }
    return heard;
  }

  /**
   * Sends again the run's commands that were saved with their step and never recorded by the
   * field link: the process that saved them died before sending them (issue 19). Each goes
   * under the id saved with it, which the field link records once, so a command another process
   * is sending right now is not sent twice. One whose command timeout has passed since it was
   * planned is left to its deadline (taken as unanswered), not opened late.
   */
  async function resendUnsent(programId: number): Promise<RunEvent[]> {
    const stored = await loadRun(programId);
    const parsed = runStateSchema.safeParse(stored?.raw ?? null);
    if (!parsed.success || parsed.data.activity === 'stopped') return [];
    const state = parsed.data;
    const now = clock.now().getTime();
    const candidates = state.commands.filter(
      (command) => command.commandId !== null && now < command.deadline - COMMAND_GRACE_MS,
    );
    if (candidates.length === 0) return [];
    const unsent = new Set(await commands.unsent(candidates.map((c) => c.commandId as string)));
    const heard: RunEvent[] = [];
    for (const command of candidates) {
      if (!unsent.has(command.commandId as string)) continue;
      log.warn(
        { programId, commandId: command.commandId, serialno: command.serialno },
        'program command saved and never sent (its process died): sending it now',
      );
      const runCommand: RunCommand =
        command.action === 'open'
          ? {
              action: 'open',
              controls: command.controls,
              durationSeconds: command.durationSeconds ?? 0,
            }
          : { action: 'close', controls: command.controls };
      const event = await sendOne(
        programId,
        state.request?.id ?? null,
        command.ref,
        command.commandId,
        { siteId: command.siteId, serialno: command.serialno, command: runCommand },
      );
      if (event) heard.push(event);
    }
    return heard;
  }

  /** A step that feeds the run what was heard of its commands. */
  function hearing(heard: RunEvent[]): Transform {
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

  /**
   * Steps the run, then carries out what each step asks, until nothing more follows. Commands a
   * dead process saved and never sent go first: every job of the run (its own retry, a wake, a
   * settlement) sends them.
   */
  async function drive(programId: number, first: Transform) {
    const steps: Transform[] = [];
    const resent = await resendUnsent(programId);
    if (resent.length > 0) steps.push(hearing(resent));
    steps.push(first);
    for (let next = steps.shift(); next; next = steps.shift()) {
      const result = await commit(programId, next);
      if (!result) continue;
      await scheduleWake(programId, result.nextWakeAt);
      const heard = await sendCommands(programId, result);
      if (heard.length > 0) steps.push(hearing(heard));
    }
  }

  async function takeRequest(job: Extract<RunnerJob, { kind: 'request' }>) {
    const request = await requestById(db, job.requestId);
    if (!request || request.type !== 'program' || request.targetId !== job.programId) {
      log.warn({ ...job }, 'program runner: no such program request');
      return;
    }
    if (isFinalRequestStatus(request.status)) return;
    const action = runActionSchema.safeParse(request.action);
    const payload = requestPayloadSchema.safeParse(request.payload);
    const setup = await loadSetup(job.programId);
    if (!action.success || !payload.success || !setup) {
      const why = !setup ? 'no such program' : `not a program request: ${request.action}`;
      log.warn({ requestId: request.id, why }, 'program request failed');
      await drive(job.programId, (state) => ({
        state,
        effects: [{ kind: 'request', requestId: request.id, status: 'failed', reason: why }],
        nextWakeAt: null,
      }));
      return;
    }
    await drive(job.programId, (state, now) =>
      handleRunRequest(
        state,
        {
          id: request.id,
          action: action.data,
          zones: payload.data.zones ?? null,
          startTime: payload.data.startTime ? new Date(payload.data.startTime) : null,
        },
        setup,
        now,
      ),
    );
  }

  async function carryOut(job: RunnerJob) {
    switch (job.kind) {
      case 'request':
        return takeRequest(job);
      case 'wake':
        return drive(job.programId, (state, now) =>
          state ? stepRun(state, { type: 'wake' }, now) : null,
        );
      case 'settled': {
        const { programId, commandId, serialno, action, controls, status, reason } = job;
        const event: RunEvent = {
          type: 'commandSettled',
          ...{ commandId, serialno, action, controls, status, reason },
        };
        // A live run waiting on the command takes its answer. Any other run (the program's row
        // may hold a later one by now) hears only an open done, to close again what it holds
        // closed (the domain's stepRun); other answers it never awaited change nothing.
        return drive(programId, (state, now) =>
          state &&
          ((state.activity !== 'stopped' && findPendingCommand(state.commands, event)) ||
            (action === 'open' && status === 'done'))
            ? stepRun(state, event, now)
            : null,
        );
      }
    }
  }

  const workerId = await jobs.work<unknown>(
    PROGRAM_RUNNER_QUEUE,
    {
      batchSize: 10,
      ...(deps.pollingIntervalSeconds !== undefined && {
        pollingIntervalSeconds: deps.pollingIntervalSeconds,
      }),
    },
    async (batch) => {
      if (closed) throw new Error('program runner closed');
      const work = (async () => {
        for (const job of batch) {
          const parsed = runnerJobSchema.safeParse(job.data);
          if (!parsed.success) {
            log.error({ job: job.id, issues: parsed.error.issues }, 'bad program runner job');
            await jobs.fail(PROGRAM_RUNNER_QUEUE, job.id, { message: 'bad payload' });
            continue;
          }
          try {
            await carryOut(parsed.data);
          } catch (error) {
            // Only this job runs again; the rest of the batch is complete.
            log.error({ err: error, job: parsed.data }, 'program runner step failed');
            await jobs.fail(PROGRAM_RUNNER_QUEUE, job.id, { message: String(error) });
          }
        }
      })();
      inFlight.add(work);
      try {
        await work;
      } finally {
        inFlight.delete(work);
      }
    },
  );

  // Every run not stopped is woken once: one whose jobs were lost (or all failed) moves on, and
  // one that cannot be read is ended, with no request needed.
  const live = await db
    .select({ programId: programRuns.programId })
    .from(programRuns)
    .where(sql`${programRuns.state}->>'activity' is distinct from 'stopped'`);
  for (const { programId } of live) {
    await enqueue({ kind: 'wake', programId }, { singletonKey: `wake:${programId}:start` });
  }

  /** A program request, claimed by the dispatcher, becomes a job on the runner's queue. */
  const takeUp: RequestHandler = async (request) => {
    if (closed) throw new Error('program runner closed');
    await enqueue(
      { kind: 'request', programId: request.targetId, requestId: request.id },
      { singletonKey: `request:${request.id}` },
    );
  };

  // A settled command is handed to the run that sent it (the command names it), as a job any
  // worker may take. Commands the runner did not send name no run.
  commands.onSettled(async (settled) => {
    const programId = settled.programRunId;
    if (closed || programId === null) return;
    const { commandId, serialno, action, controls, status, reason } = settled;
    await enqueue(
      { kind: 'settled', programId, ...{ commandId, serialno, action, controls, status, reason } },
      { singletonKey: `settled:${programId}:${settled.commandId}` },
    );
  });

  /**
   * Puts back program requests whose claim has lapsed: pending past the lease, and neither taken
   * up by their program's run (in its handled requests) nor the run's own request (a start
   * waiting for its start time is pending on purpose). Taking one up twice changes nothing: the
   * job's singletonKey holds a second while the first waits, and the run ignores a request it
   * has handled.
   */
  async function reclaimLapsedRequests() {
    const lapsed = new Date(clock.now().getTime() - requestLeaseMs);
    const reclaimed = await queryRows<{ id: number }>(
      db,
      sql`update requests set status = 'new', updated_at = ${clock.now()}
          where status = 'pending' and type = 'program' and updated_at < ${lapsed}
            and not exists (
              select 1 from program_runs run
              where run.program_id = requests.target_id
                and (run.state->'handledRequests' @> to_jsonb(requests.id)
                     or run.state->'request'->>'id' = requests.id::text))
          returning id`,
    );
    if (reclaimed.length > 0) {
      log.warn(
        { requests: reclaimed.map((row) => row.id) },
        'program requests whose worker died before handing them on: claimed again',
      );
    }
  }
  const requestLeaseMs = deps.requestLeaseMs ?? REQUEST_LEASE_MS;
  const leaseChecks = repeatEvery(
    Math.min(REQUEST_LEASE_CHECK_MS, requestLeaseMs / 2),
    reclaimLapsedRequests,
    (error) => log.error({ err: error }, 'program request lease check failed'),
  );

  return {
    handlers: { program: { start: takeUp, resume: takeUp, pause: takeUp, test: takeUp } },
    async close() {
      closed = true;
      await leaseChecks.stop();
      await jobs.offWork({ id: workerId });
      await Promise.allSettled([...inFlight]);
    },
  };
}
