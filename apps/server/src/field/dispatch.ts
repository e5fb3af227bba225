/**
 * Request dispatch: the API records requests as `new` (an outbox in the database); a worker
 * claims each one with a conditional UPDATE (new → pending) and carries it out. Any number of
 * worker processes may poll: SKIP LOCKED hands each request to one of them, and a request is
 * claimed only once, so the same requestId never actuates twice.
 *
 * - radio ping: a ping command to the radio; the request is done when the radio acks done.
 * - control test: opens the control on its radio or unit for a short while; the request is done
 *   when the open is done. A delayed job closes it again after the test time (the open carries
 *   the same time as its fail-safe, so the device closes it even if the close never comes).
 * - program start, resume, pause, test: handed to the program runner's handler.
 */
import { idSchema } from '@paddock/domain';
import { and, asc, eq, inArray, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { RequestRow } from '../commands/create-request.ts';
import type { Database } from '../db/client.ts';
import { controls, fieldCommands, radios, requests } from '../db/schema.ts';
import type { Clock } from '../http/context.ts';
import { setRequestStatus, type CommandSender, type FieldLog } from './commands.ts';
import { controlDevices } from './control-devices.ts';

export type ProgramRequestHandler = (request: RequestRow) => Promise<void>;

let programRequestHandler: ProgramRequestHandler | null = null;

/**
 * The program runner takes program requests (start, resume, pause, test) from here: the request
 * arrives claimed (status pending) and the runner sets its status from then on. Until a handler
 * is registered, program requests wait as `new`.
 */
export function registerProgramRequestHandler(handler: ProgramRequestHandler): void {
  programRequestHandler = handler;
}

/** How long a control test keeps the control open, unless the caller says otherwise. */
export const CONTROL_TEST_SECONDS = 60;

export const CONTROL_TEST_CLOSE_QUEUE = 'field-control-test-close';

/** How often an idle worker looks for new requests. */
const DEFAULT_POLL_INTERVAL_MS = 250;
/** At most this many requests per claim. */
const CLAIM_BATCH = 20;
/**
 * A control or radio request claimed this long ago that still has no command was claimed by a
 * process that died before sending; it fails rather than blocking the control's next test.
 */
const STALE_CLAIM_MS = 60_000;
const STALE_CHECK_INTERVAL_MS = 30_000;

const PROGRAM_ACTIONS: RequestRow['action'][] = ['start', 'resume', 'pause', 'test'];

const closeJobSchema = z.object({ requestId: idSchema, controlId: idSchema });

/** Where a command to a control goes (control-devices.ts), or null for an unknown or unwired one. */
async function deviceOfControl(db: Database, controlId: number) {
  const [control] = await controlDevices(db, eq(controls.id, controlId));
  return control?.device ?? null;
}

export async function startDispatch(deps: {
  db: Database;
  clock: Clock;
  log: FieldLog;
  jobs: PgBoss;
  commands: CommandSender;
  controlTestSeconds?: number;
  pollIntervalMs?: number;
}): Promise<{ close(): Promise<void> }> {
  const { db, clock, log, jobs, commands } = deps;
  const testSeconds = deps.controlTestSeconds ?? CONTROL_TEST_SECONDS;

  await jobs.createQueue(CONTROL_TEST_CLOSE_QUEUE, {
    name: CONTROL_TEST_CLOSE_QUEUE,
    // One close per test, even if a test were scheduled twice.
    policy: 'stately',
    retryLimit: 5,
    retryDelay: 5,
  });
  const closeWorker = await jobs.work<unknown>(CONTROL_TEST_CLOSE_QUEUE, async ([job]) => {
    if (!job) return;
    const { requestId, controlId } = closeJobSchema.parse(job.data);
    const device = await deviceOfControl(db, controlId);
    if (!device) {
      log.warn({ requestId, controlId }, 'control test not closed: the control has no device');
      return;
    }
    await commands.send({
      requestId,
      ...device,
      command: { action: 'close', controls: [controlId] },
    });
  });

  async function fail(request: RequestRow, why: string) {
    log.warn({ requestId: request.id, type: request.type, action: request.action }, why);
    await setRequestStatus(db, request.id, 'failed', clock.now());
  }

  async function carryOut(request: RequestRow) {
    if (request.type === 'radio') {
      const [radio] = await db
        .select({ siteId: radios.siteId, serialno: radios.serialno })
        .from(radios)
        .where(eq(radios.id, request.targetId));
      if (!radio) return fail(request, 'ping failed: no such radio');
      await commands.send({ requestId: request.id, ...radio, command: { action: 'ping' } });
      return;
    }
    if (request.type === 'control') {
      const device = await deviceOfControl(db, request.targetId);
      if (!device) return fail(request, 'control test failed: the control has no radio or unit');
      const controlIds = [request.targetId];
      await commands.send({
        requestId: request.id,
        ...device,
        command: { action: 'open', controls: controlIds, durationSeconds: testSeconds },
      });
      await jobs.send(
        CONTROL_TEST_CLOSE_QUEUE,
        { requestId: request.id, controlId: request.targetId },
        { startAfter: testSeconds, singletonKey: String(request.id) },
      );
      return;
    }
    if (request.type === 'program' && programRequestHandler) {
      await programRequestHandler(request);
    }
  }

  /** Claims a batch of new requests this process can carry out; answers how many. */
  async function dispatchOnce(): Promise<number> {
    const handled: (SQL | undefined)[] = [
      and(eq(requests.type, 'radio'), eq(requests.action, 'ping')),
      and(eq(requests.type, 'control'), eq(requests.action, 'test')),
    ];
    if (programRequestHandler) {
      handled.push(and(eq(requests.type, 'program'), inArray(requests.action, PROGRAM_ACTIONS)));
    }
    const waiting = db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.status, 'new'), or(...handled)))
      .orderBy(asc(requests.id))
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(requests)
      .set({ status: 'pending', updatedAt: clock.now() })
      .where(and(inArray(requests.id, waiting), eq(requests.status, 'new')))
      .returning();
    for (const request of claimed.sort((a, b) => a.id - b.id)) {
      log.info({ requestId: request.id, type: request.type, action: request.action }, 'dispatch');
      try {
        await carryOut(request);
      } catch (error) {
        log.error({ err: error, requestId: request.id }, 'request not carried out');
        await setRequestStatus(db, request.id, 'failed', clock.now());
      }
    }
    return claimed.length;
  }

  async function failStaleClaims() {
    const before = new Date(clock.now().getTime() - STALE_CLAIM_MS);
    const stale = await db
      .update(requests)
      .set({ status: 'failed', updatedAt: clock.now() })
      .where(
        and(
          eq(requests.status, 'pending'),
          inArray(requests.type, ['control', 'radio']),
          lt(requests.updatedAt, before),
          notExists(
            db
              .select({ one: sql`1` })
              .from(fieldCommands)
              .where(eq(fieldCommands.requestId, requests.id)),
          ),
        ),
      )
      .returning({ id: requests.id });
    if (stale.length > 0) {
      log.warn({ requests: stale.map((row) => row.id) }, 'claimed requests never sent: failed');
    }
  }

  let running: Promise<unknown> | null = null;
  const guarded = (work: () => Promise<unknown>, what: string) => () => {
    if (running) return;
    running = work()
      .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
      .finally(() => {
        running = null;
      });
  };
  const pollTimer = setInterval(
    guarded(dispatchOnce, 'request dispatch'),
    deps.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
  );
  const staleTimer = setInterval(
    guarded(failStaleClaims, 'stale request check'),
    STALE_CHECK_INTERVAL_MS,
  );

  return {
    async close() {
      clearInterval(pollTimer);
      clearInterval(staleTimer);
      await jobs.offWork({ id: closeWorker });
      await running;
    },
  };
}
