/**
 * Requests carried out by a command to a device (the dispatcher's handlers for them,
 * requests/dispatcher.ts); their status then follows their commands (command-link.ts).
 *
 * - radio ping: a ping command to the radio; the request is done when the radio acks done.
 * - control test: opens the control on its radio or unit for a short while; the request is done
 *   when the open is done. A delayed job closes it again after the test time (the open carries
 *   the same time as its fail-safe, so the device closes it even if the close never comes).
 * - fan start and stop (issue 31): a fanStart or fanStop to the radio or unit the fan's controller
 *   is on; the request is done when the device acks done, and what came of it (RPM) is the start
 *   check's (frost-watch/fan-start-check.ts).
 */
import { idSchema } from '@paddock/domain';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { Clock } from '../clock.ts';
import type { RequestHandlers } from '../requests/dispatcher.ts';
import { setRequestStatus, type RequestRow } from '../requests/request.repository.ts';
import type { CommandSender } from './command-link.ts';
import { deviceOfControl, deviceOfSensor } from './control-device.repository.ts';
import { radioAddress } from './device.repository.ts';
import { failUnsentClaims } from './field-command.repository.ts';
import { repeatEvery } from '../jobs/repeat.ts';
import type { Log } from '../log.ts';

/** How long a control test keeps the control open, unless the caller says otherwise. */
const CONTROL_TEST_SECONDS = 60;

const CONTROL_TEST_CLOSE_QUEUE = 'field-control-test-close';

/**
 * A control or radio request claimed this long ago that still has no command was claimed by a
 * process that died before sending; it fails rather than blocking the control's next test.
 */
const STALE_CLAIM_MS = 60_000;
const STALE_CHECK_INTERVAL_MS = 30_000;

const closeJobSchema = z.object({ requestId: idSchema, controlId: idSchema });

export async function startDeviceRequests(deps: {
  db: Database;
  clock: Clock;
  log: Log;
  jobs: PgBoss;
  commands: CommandSender;
  controlTestSeconds?: number;
}): Promise<{ handlers: RequestHandlers; close(): Promise<void> }> {
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
      programRunId: null,
      ...device,
      command: { action: 'close', controls: [controlId] },
    });
  });

  async function fail(request: RequestRow, why: string) {
    log.warn({ requestId: request.id, type: request.type, action: request.action }, why);
    await setRequestStatus(db, request.id, 'failed', clock.now());
  }

  async function ping(request: RequestRow) {
    const radio = await radioAddress(db, request.targetId);
    if (!radio) return fail(request, 'ping failed: no such radio');
    await commands.send({
      requestId: request.id,
      programRunId: null,
      ...radio,
      command: { action: 'ping' },
    });
  }

  async function test(request: RequestRow) {
    const device = await deviceOfControl(db, request.targetId);
    if (!device) return fail(request, 'control test failed: the control has no radio or unit');
    const controlIds = [request.targetId];
    await commands.send({
      requestId: request.id,
      programRunId: null,
      ...device,
      command: { action: 'open', controls: controlIds, durationSeconds: testSeconds },
    });
    await jobs.send(
      CONTROL_TEST_CLOSE_QUEUE,
      { requestId: request.id, controlId: request.targetId },
      { startAfter: testSeconds, singletonKey: String(request.id) },
    );
  }

  async function fanCommand(request: RequestRow) {
    const device = await deviceOfSensor(db, request.targetId);
    if (!device) return fail(request, 'fan command failed: the fan is on no radio or unit');
    await commands.send({
      requestId: request.id,
      programRunId: null,
      ...device,
      command: {
        action: request.action === 'stop' ? 'fanStop' : 'fanStart',
        fan: request.targetId,
      },
    });
  }

  async function failStaleClaims() {
    const before = new Date(clock.now().getTime() - STALE_CLAIM_MS);
    const stale = await failUnsentClaims(db, before, clock.now());
    if (stale.length > 0) {
      log.warn({ requests: stale.map((row) => row.id) }, 'claimed requests never sent: failed');
    }
  }

  const staleChecks = repeatEvery({
    intervalMs: STALE_CHECK_INTERVAL_MS,
    first: 'after-interval',
    round: failStaleClaims,
    onError: (error) => log.error({ err: error }, 'stale request check failed'),
  });

  return {
    handlers: {
      radio: { ping },
      control: { test },
      fan: { start: fanCommand, stop: fanCommand },
    },
    async close() {
      const checkDone = staleChecks.close();
      await jobs.offWork({ id: closeWorker });
      await checkDone;
    },
  };
}
