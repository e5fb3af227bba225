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
 *
 * Where it lives: this file is the queue, its worker and what starts jobs; run-driver.ts takes a
 * job's steps (load, step, save, send); start-decision.ts checks a program's skip rules as a start
 * begins; runner-plan.ts is what the jobs decide without the
 * database; program-run.repository.ts is the SQL.
 */
import { isFinalRequestStatus, runActionSchema } from '@paddock/domain';
import type PgBoss from 'pg-boss';
import { ensureQueue } from '../jobs/jobs.ts';
import { repeatEvery } from '../jobs/repeat.ts';
import type { RequestHandler, RequestHandlers } from '../requests/dispatcher.ts';
import { requestById } from '../requests/request.repository.ts';
import { liveRunPrograms, reclaimLapsedProgramRequests } from './program-run.repository.ts';
import { drive, loadSetup, type RunDriver } from './run-driver.ts';
import { decidedWakeStep, startRequestStep } from './start-decision.ts';
import {
  PROGRAM_RUNNER_QUEUE,
  requestFailedStep,
  requestPayloadSchema,
  requestStep,
  runnerJobSchema,
  settledStep,
  shutOffStep,
  type RunnerJob,
} from './runner-plan.ts';

/** COMMAND_TIMEOUT_SECONDS's default (config.ts). */
const DEFAULT_COMMAND_TIMEOUT_SECONDS = 30;

/**
 * A program request claimed this long ago that its run has not taken up was claimed by a worker
 * that died before handing it on: it is put back as new, and claimed again (issue 19).
 */
const REQUEST_LEASE_MS = 30_000;
const REQUEST_LEASE_CHECK_MS = 10_000;

/**
 * What driving a run needs (run-driver.ts), with the command timeout defaulted, and the runner's
 * own timings.
 */
export type ProgramRunnerDeps = Omit<RunDriver, 'commandTimeoutSeconds'> & {
  /**
   * The field link's command timeout (config.field.commandTimeoutSeconds); the run takes a
   * command as unanswered a grace period after it. Defaults to that setting's default.
   */
  commandTimeoutSeconds?: number;
  /** Overrides REQUEST_LEASE_MS (tests). */
  requestLeaseMs?: number;
  /** How often an idle worker looks for runner jobs; pg-boss's own setting when absent. */
  pollingIntervalSeconds?: number;
};

export async function startProgramRunner(deps: ProgramRunnerDeps): Promise<{
  /** The dispatcher's handlers for program requests (requests/dispatcher.ts). */
  handlers: RequestHandlers;
  /** Has the program's run close these zones and go on with its next ones (flow-watch.ts). */
  shutOff(programId: number, zones: number[]): Promise<void>;
  close(): Promise<void>;
}> {
  const { db, clock, log, jobs, commands } = deps;
  const driver: RunDriver = {
    db,
    clock,
    log,
    jobs,
    commands,
    commandTimeoutSeconds: deps.commandTimeoutSeconds ?? DEFAULT_COMMAND_TIMEOUT_SECONDS,
    ...(deps.testZoneSeconds !== undefined && { testZoneSeconds: deps.testZoneSeconds }),
  };
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

  async function enqueue(job: RunnerJob, options: PgBoss.SendOptions) {
    await jobs.send(PROGRAM_RUNNER_QUEUE, job, options);
    // This process's worker looks now instead of at its next poll.
    if (options.startAfter === undefined) jobs.notifyWorker(workerId);
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
      const work = carryOutBatch(driver, batch);
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
  for (const programId of await liveRunPrograms(db)) {
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
    // A fan's start or stop (issue 31) is the console's, never a run's.
    if (action === 'fanStart' || action === 'fanStop') return;
    await enqueue(
      { kind: 'settled', programId, ...{ commandId, serialno, action, controls, status, reason } },
      { singletonKey: `settled:${programId}:${settled.commandId}` },
    );
  });

  const requestLeaseMs = deps.requestLeaseMs ?? REQUEST_LEASE_MS;
  const leaseChecks = repeatEvery({
    intervalMs: Math.min(REQUEST_LEASE_CHECK_MS, requestLeaseMs / 2),
    first: 'after-interval',
    round: () => reclaimLapsedRequests(driver, requestLeaseMs),
    onError: (error) => log.error({ err: error }, 'program request lease check failed'),
  });

  return {
    handlers: { program: { start: takeUp, resume: takeUp, pause: takeUp, test: takeUp } },
    async shutOff(programId, zones) {
      if (closed) throw new Error('program runner closed');
      await enqueue({ kind: 'shutOff', programId, zones }, {});
    },
    async close() {
      closed = true;
      await leaseChecks.close();
      await jobs.offWork({ id: workerId });
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** Carries out a batch of the runner's jobs, one after another. */
async function carryOutBatch(driver: RunDriver, batch: PgBoss.Job<unknown>[]) {
  const { jobs, log } = driver;
  for (const job of batch) {
    const parsed = runnerJobSchema.safeParse(job.data);
    if (!parsed.success) {
      log.error({ job: job.id, issues: parsed.error.issues }, 'bad program runner job');
      await jobs.fail(PROGRAM_RUNNER_QUEUE, job.id, { message: 'bad payload' });
      continue;
    }
    try {
      await carryOut(driver, parsed.data);
    } catch (error) {
      // Only this job runs again; the rest of the batch is complete.
      log.error({ err: error, job: parsed.data }, 'program runner step failed');
      await jobs.fail(PROGRAM_RUNNER_QUEUE, job.id, { message: String(error) });
    }
  }
}

async function carryOut(driver: RunDriver, job: RunnerJob) {
  switch (job.kind) {
    case 'request':
      return takeRequest(driver, job);
    case 'wake':
      return drive(driver, job.programId, await decidedWakeStep(driver, job.programId));
    case 'settled':
      return drive(driver, job.programId, settledStep(job));
    case 'shutOff':
      return drive(driver, job.programId, shutOffStep(job.zones));
  }
}

async function takeRequest(driver: RunDriver, job: Extract<RunnerJob, { kind: 'request' }>) {
  const { db, log } = driver;
  const request = await requestById(db, job.requestId);
  if (!request || request.type !== 'program' || request.targetId !== job.programId) {
    log.warn({ ...job }, 'program runner: no such program request');
    return;
  }
  if (isFinalRequestStatus(request.status)) return;
  const action = runActionSchema.safeParse(request.action);
  const payload = requestPayloadSchema.safeParse(request.payload);
  const setup = await loadSetup(driver, job.programId);
  if (!action.success || !payload.success || !setup) {
    const why = !setup ? 'no such program' : `not a program request: ${request.action}`;
    log.warn({ requestId: request.id, why }, 'program request failed');
    await drive(driver, job.programId, requestFailedStep(request.id, why));
    return;
  }
  // A start is decided by the program's skip rules as it begins (start-decision.ts).
  const step =
    action.data === 'start'
      ? await startRequestStep(driver, job.programId, request.id, payload.data, setup)
      : requestStep(request.id, action.data, payload.data, setup);
  await drive(driver, job.programId, step);
}

/**
 * Puts back program requests whose claim has lapsed: pending past the lease, and neither taken
 * up by their program's run (in its handled requests) nor the run's own request (a start
 * waiting for its start time is pending on purpose). Taking one up twice changes nothing: the
 * job's singletonKey holds a second while the first waits, and the run ignores a request it
 * has handled.
 */
async function reclaimLapsedRequests(driver: RunDriver, requestLeaseMs: number) {
  const { db, clock, log } = driver;
  const lapsed = new Date(clock.now().getTime() - requestLeaseMs);
  const reclaimed = await reclaimLapsedProgramRequests(db, clock.now(), lapsed);
  if (reclaimed.length > 0) {
    log.warn(
      { requests: reclaimed },
      'program requests whose worker died before handing them on: claimed again',
    );
  }
}
