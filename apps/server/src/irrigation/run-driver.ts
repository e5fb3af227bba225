/**
 * Drives one program's run through a job: loads it, steps it (the domain decides), saves it only
 * if its `version` is still the one read, writing what the console reads in the same
 * transaction, then sends the step's commands and plans its next wake-up; what is heard of the
 * commands is the next step. A run that cannot be read or stepped is ended (the domain's
 * abandonRun), and that is the step. Commands a dead process saved and never sent go first.
 */
import {
  abandonRun,
  runStateSchema,
  stepStoredRun,
  type AbandonResult,
  type RunCommand,
  type RunEvent,
  type RunSetup,
  type RunState,
  type StepResult,
} from '@paddock/domain';
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Database, Transaction } from '../db/client.ts';
import type { CommandSender } from '../field/command-link.ts';
import type { Clock } from '../clock.ts';
import { openRequests, setRequestStatus } from '../requests/request.repository.ts';
import type { Log } from '../log.ts';
import {
  insertProgramEvent,
  loadRun,
  loadRunProgram,
  lockProgramView,
  saveRunState,
  updateControlState,
  updateProgramView,
} from './program-run.repository.ts';
import { publishRunEvents } from './run-events.ts';
import {
  changedControls,
  changesNothing,
  hearing,
  programView,
  PROGRAM_RUNNER_QUEUE,
  resendCandidates,
  runCommandOf,
  withCommandIds,
  type RunnerJob,
  type Transform,
} from './runner-plan.ts';

/** A step that keeps losing the race for its run this many times in a row gives up (and retries). */
const MAX_SAVE_ATTEMPTS = 8;

/** What driving a run needs. */
export type RunDriver = {
  db: Database;
  clock: Clock;
  log: Log;
  jobs: PgBoss;
  commands: CommandSender;
  /** The field link's command timeout; the run takes a command as unanswered a grace after it. */
  commandTimeoutSeconds: number;
  /** Overrides the domain's TEST_ZONE_SECONDS (tests). */
  testZoneSeconds?: number;
};

export async function loadSetup(driver: RunDriver, programId: number): Promise<RunSetup | null> {
  const planned = await loadRunProgram(driver.db, programId);
  if (!planned) return null;
  return {
    ...planned,
    commandTimeoutSeconds: driver.commandTimeoutSeconds,
    ...(driver.testZoneSeconds !== undefined && { testZoneSeconds: driver.testZoneSeconds }),
  };
}

/**
 * Steps the run, then carries out what each step asks, until nothing more follows. Commands a
 * dead process saved and never sent go first: every job of the run (its own retry, a wake, a
 * settlement) sends them.
 */
export async function drive(driver: RunDriver, programId: number, first: Transform) {
  const steps: Transform[] = [];
  const resent = await resendUnsent(driver, programId);
  if (resent.length > 0) steps.push(hearing(resent));
  steps.push(first);
  for (let next = steps.shift(); next; next = steps.shift()) {
    const result = await commit(driver, programId, next);
    if (!result) continue;
    await scheduleWake(driver.jobs, programId, result.nextWakeAt);
    const heard = await sendCommands(driver, programId, result);
    if (heard.length > 0) steps.push(hearing(heard));
  }
}

async function scheduleWake(jobs: PgBoss, programId: number, at: Date | null) {
  if (!at) return;
  await jobs.send(PROGRAM_RUNNER_QUEUE, { kind: 'wake', programId } satisfies RunnerJob, {
    startAfter: at,
    singletonKey: `wake:${programId}:${at.getTime()}`,
  });
}

// ---------------------------------------------------------------------------------------------
// A step, saved

/**
 * Loads, steps and saves the run, stepping again on the newer state when another process won. A
 * run that cannot be read or stepped is ended instead (`abandon`), and that is the step.
 */
async function commit(
  driver: RunDriver,
  programId: number,
  transform: Transform,
): Promise<StepResult | null> {
  for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt++) {
    const stored = await loadRun(driver.db, programId);
    const now = driver.clock.now();
    const step = stepStoredRun(stored?.raw ?? null, (state) => transform(state, now));
    if ('fault' in step) {
      const ended = await abandon(driver, programId, stored?.raw ?? null, step.fault, now);
      const version = stored ? { version: stored.version, before: null } : null;
      if (await save(driver, programId, version, ended, now, ended.event)) return ended;
      continue;
    }
    const { before, result } = step;
    if (!result) return null;
    withCommandIds(result, randomUUID);
    const version = stored ? { version: stored.version, before } : null;
    if (changesNothing(before, result) || (await save(driver, programId, version, result, now))) {
      return result;
    }
  }
  throw new Error(`program ${programId}: the run kept changing under this step`);
}

/**
 * Saves the step if the run is still at the version read (null: there was none); false when
 * another process won.
 */
async function save(
  driver: RunDriver,
  programId: number,
  stored: { version: number; before: RunState | null } | null,
  result: StepResult,
  now: Date,
  event: AbandonResult['event'] | null = null,
): Promise<boolean> {
  return driver.db.transaction(async (tx) => {
    if (result.state) {
      const saved = await saveRunState(tx, programId, stored?.version ?? null, result.state, now);
      if (!saved) return false;
    }
    await writeViews(driver.log, tx, programId, stored?.before ?? null, result, now, event);
    return true;
  });
}

/** Writes what the console reads; in the transaction that saved the run. */
async function writeViews(
  log: Log,
  tx: Transaction,
  programId: number,
  before: RunState | null,
  result: StepResult,
  now: Date,
  event: AbandonResult['event'] | null,
) {
  const program = await lockProgramView(tx, programId);
  if (program && event) await insertProgramEvent(tx, program.areaId, programId, event, now);
  if (program) {
    await updateProgramView(tx, programId, programView(program, result, now, event !== null));
  }
  // Requests before controls, as the field link orders its locks: two writers never deadlock.
  for (const effect of result.effects) {
    if (effect.kind === 'request') {
      await setRequestStatus(tx, effect.requestId, effect.status, now);
      if (effect.reason) {
        log.info(
          { programId, requestId: effect.requestId, status: effect.status, reason: effect.reason },
          'program request',
        );
      }
    }
  }
  if (result.state) {
    for (const control of changedControls(before, result.state)) {
      await updateControlState(tx, control, now);
    }
    if (program) await publishRunEvents(tx, { id: programId, ...program }, before, result.state);
  }
}

/** Ends a run that cannot be read or stepped (the domain's abandonRun). */
async function abandon(
  driver: RunDriver,
  programId: number,
  raw: unknown,
  reason: string,
  now: Date,
): Promise<AbandonResult> {
  driver.log.error({ programId, reason }, 'program run ended: it could not be read or stepped');
  const setup = await loadSetup(driver, programId);
  const open = await openRequests(driver.db, 'program', programId);
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

// ---------------------------------------------------------------------------------------------
// The step's commands, sent

/** Sends one command; answers what the run must hear about it (nothing when it went out). */
async function sendOne(
  driver: RunDriver,
  programId: number,
  requestId: number | null,
  ref: string | null,
  commandId: string | null,
  effect: { siteId: number; serialno: string; command: RunCommand },
): Promise<RunEvent | null> {
  try {
    const sentId = await driver.commands.send({
      ...(commandId ? { commandId } : {}),
      requestId,
      programRunId: programId,
      siteId: effect.siteId,
      serialno: effect.serialno,
      command: effect.command,
    });
    return ref && sentId !== commandId ? { type: 'commandSent', ref, commandId: sentId } : null;
  } catch (error) {
    driver.log.error(
      { err: error, programId, serialno: effect.serialno },
      'program command not sent',
    );
    return ref ? { type: 'sendFailed', ref, reason: String(error) } : null;
  }
}

/** Sends the step's commands, under the ids saved with it; answers what the run must hear. */
async function sendCommands(
  driver: RunDriver,
  programId: number,
  result: StepResult,
): Promise<RunEvent[]> {
  const heard: RunEvent[] = [];
  const ids = new Map((result.state?.commands ?? []).map((c) => [c.ref, c.commandId]));
  for (const effect of result.effects) {
    if (effect.kind !== 'command') continue;
    const commandId = effect.ref ? (ids.get(effect.ref) ?? null) : null;
    const requestId = result.state?.request?.id ?? null;
    const event = await sendOne(driver, programId, requestId, effect.ref, commandId, effect);
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
async function resendUnsent(driver: RunDriver, programId: number): Promise<RunEvent[]> {
  const stored = await loadRun(driver.db, programId);
  const parsed = runStateSchema.safeParse(stored?.raw ?? null);
  if (!parsed.success) return [];
  const state = parsed.data;
  const candidates = resendCandidates(state, driver.clock.now().getTime());
  if (candidates.length === 0) return [];
  const unsent = new Set(
    await driver.commands.unsent(candidates.map((c) => c.commandId as string)),
  );
  const heard: RunEvent[] = [];
  for (const command of candidates) {
    if (!unsent.has(command.commandId as string)) continue;
    driver.log.warn(
      { programId, commandId: command.commandId, serialno: command.serialno },
      'program command saved and never sent (its process died): sending it now',
    );
    const event = await sendOne(
      driver,
      programId,
      state.request?.id ?? null,
      command.ref,
      command.commandId,
      { siteId: command.siteId, serialno: command.serialno, command: runCommandOf(command) },
    );
    if (event) heard.push(event);
  }
  return heard;
}
