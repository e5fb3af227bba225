/**
 * The worker role: the job queue, commands and acks, request dispatch, the program runner, export
 * files and scheduled reports, ingest's followups, the overdue sweep, alarm messages and webhooks,
 * agronomy and water-take recomputation, and device provisioning at start-up. Started in that
 * order and stopped in reverse, so nothing writes to a closed queue, database or broker.
 */
import path from 'node:path';
import { alarmFollowupHandler } from '../alarms/engine.ts';
import { evaluateFanShouldRun } from '../alarms/fan-rules.ts';
import { evaluateOverdue } from '../alarms/overdue-rules.ts';
import { startSender } from '../alarms/sender.ts';
import { createTwilio } from '../alarms/twilio.ts';
import { loadAlarmLinkSecret } from '../auth/secrets.ts';
import type { Clock } from '../clock.ts';
import { API_BASE_PATH, type ServerConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { startExports } from '../exports/export-service.ts';
import { startFrostForecasts } from '../frost-watch/forecast-job.ts';
import { checkFanCommands } from '../frost-watch/fan-start-check.ts';
import { startCommands } from '../field/command-link.ts';
import type { BrokerEndpoint } from '../field/connection.ts';
import { startDeviceRequests } from '../field/device-requests.ts';
import { readIntervals, startIntervalProvisioning } from '../field/interval-provisioning.ts';
import { startOverdueSweep } from '../field/overdue.ts';
import { publishDeviceConfigs } from '../field/provisioning.ts';
import { startFollowups } from '../ingest/followups.ts';
import { flowWatchFollowup } from '../irrigation/flow-watch.ts';
import { pumpWatchFollowup } from '../irrigation/pump-watch.ts';
import { startProgramRunner } from '../irrigation/runner-service.ts';
import { startJobs } from '../jobs/jobs.ts';
import type { Log } from '../log.ts';
import type { Mailer } from '../mail/mailer.ts';
import { startScheduledReports } from '../exports/scheduled-reports.ts';
import { startDispatcher } from '../requests/dispatcher.ts';
import { startAgronomy } from '../agronomy/agronomy.ts';
import { startAuditAnchors } from '../audit/audit-anchor.ts';
import { startAuditChaining } from '../audit/audit-chaining.ts';
import { startReadingRetention } from '../telemetry/reading-retention.ts';
import { startWaterTake } from '../water-take/water-take-days.ts';
import { startWebhookDeliveries } from '../webhooks/delivery.ts';

type Stoppable = { close: () => Promise<void> | void };

type WorkerDeps = {
  handle: DatabaseHandle;
  config: ServerConfig;
  clock: Clock;
  log: Log;
  broker: BrokerEndpoint;
  /** Sends alarm emails and scheduled reports (the app's mailer: the outbox folder without SMTP). */
  mailer: Mailer;
};

export async function startWorkerRole(deps: WorkerDeps): Promise<{ close: () => Promise<void> }> {
  const started: Stoppable[] = [];
  const closeAll = async () => {
    for (const part of started.reverse()) await part.close();
  };
  try {
    const field = await startRequestWork(deps, started);
    await startAlarmWork(deps, started, field);
    startRecomputations(deps, started);
    await startProvisioning(deps, started);
    return { close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** What the followups act through: the field link's commands and the program runner. */
type FieldWork = {
  commands: Awaited<ReturnType<typeof startCommands>>;
  runner: Awaited<ReturnType<typeof startProgramRunner>>;
};

/** The queue and what carries out requests: commands, the runner, pings and tests, exports. */
async function startRequestWork(deps: WorkerDeps, started: Stoppable[]): Promise<FieldWork> {
  const { handle, config, clock, log, broker } = deps;
  const { db } = handle;
  /** Bulk work that must never hold a person up goes in the background lane (db/lanes.ts). */
  const background = { db: handle.background, people: handle.people };
  const field = config.field;
  const jobs = await startJobs({ handle, log });
  started.push({ close: () => jobs.stop({ graceful: true, wait: true, timeout: 5000 }) });
  const commands = await startCommands({
    db,
    clock,
    log,
    broker,
    topicRoot: field.topicRoot,
    jobs,
    timeoutSeconds: field.commandTimeoutSeconds,
    clientId: `paddock-commands-${field.instance}`,
  });
  started.push(commands);
  const runner = await startProgramRunner({
    db,
    clock,
    log,
    jobs,
    commands,
    commandTimeoutSeconds: field.commandTimeoutSeconds,
  });
  started.push(runner);
  const deviceRequests = await startDeviceRequests({ db, clock, log, jobs, commands });
  started.push(deviceRequests);
  const exports = await startExports({ ...background, clock, log, jobs });
  started.push(exports);
  started.push(startScheduledReports({ ...background, clock, log, mailer: deps.mailer }));
  // Who carries out which request: pings and tests by a command, program requests by the
  // run, exports by the export job.
  const handlers = { ...deviceRequests.handlers, ...runner.handlers, ...exports.handlers };
  started.push(await startDispatcher({ db, clock, log, handlers }));
  return { commands, runner };
}

/** What follows a batch, the overdue sweep and the alarm rules it feeds, and alarm messages. */
async function startAlarmWork(
  deps: WorkerDeps,
  started: Stoppable[],
  field: FieldWork,
): Promise<void> {
  const { handle, config, clock, log } = deps;
  const { db } = handle;
  // What follows an ingest batch's commit, durably, in its transaction: set-point alarms, a
  // pump's fault pausing the programs it feeds (§3 autoProgramPause; its recovery resumes), and
  // a water meter's flow judged against the zones running on it (issue 30).
  const engine = { groupMs: config.alarms.groupMs };
  started.push(
    startFollowups({
      db,
      log,
      handlers: [
        alarmFollowupHandler({ ...engine, now: () => clock.now(), log }),
        pumpWatchFollowup({ clock, log }),
        flowWatchFollowup({
          clock,
          log,
          engine,
          commands: field.commands,
          shutOff: (programId, zones) => field.runner.shutOff(programId, zones),
        }),
      ],
    }),
  );
  started.push(
    startOverdueSweep({
      db,
      clock,
      log,
      intervalMs: config.field.overdueSweepSeconds * 1000,
      // Overdue alarms read the flags the sweep has just set; a fan that should be running is
      // judged on the same timer, so its grace runs out between readings too.
      after: async (now) => {
        await evaluateOverdue(db, now, engine);
        await evaluateFanShouldRun(db, now, engine);
        // Fans started or stopped from the console: their outcome, and "Fan failed to start".
        await checkFanCommands(db, now, engine);
      },
    }),
  );
  started.push(
    startSender({
      db,
      mailer: deps.mailer,
      twilio: config.alarms.twilio ? createTwilio(config.alarms.twilio) : null,
      outboxDir: path.join(config.dataDir, 'outbox'),
      publicUrl: config.publicUrl,
      apiBasePath: API_BASE_PATH,
      linkSecret: await loadAlarmLinkSecret(db),
      clock,
      log,
      intervalMs: config.alarms.sendPollMs,
    }),
  );
  // The sites' webhooks (issue 32 item 5), on the background lane: a receiver that is slow or
  // away holds up only its own deliveries, never ingest, alarms or a person's request.
  started.push(startWebhookDeliveries({ db: handle.background, clock, log }));
}

/** Bulk recomputations, on the background lane so they never hold a person up (db/lanes.ts). */
function startRecomputations(deps: WorkerDeps, started: Stoppable[]): void {
  const { handle, clock, log } = deps;
  // Weather stations' growing degree days, chill, dew point and air density (issue 14).
  started.push(startAgronomy({ db: handle.background, clock, log }));
  // Each consent's daily water-take file (issue 17; docs/water-take.md).
  started.push(startWaterTake({ db: handle.background, clock, log }));
  // Audit rows staged with the worker's own changes, chained into their sites' logs (issue 33).
  started.push(startAuditChaining({ db: handle.background, log }));
  // Each site's daily audit anchor in the export folder, and retention by whole months (issue 33).
  started.push(
    startAuditAnchors({
      db: handle.background,
      clock,
      log,
      exportDir: deps.config.exportDir,
      retentionMonths: deps.config.auditRetentionMonths,
    }),
  );
  // The readings' month partitions made ahead, and dropped past every site's retention (issue 34).
  started.push(startReadingRetention({ db: handle.background, clock, log }));
  // Each frost area's forecast at sunset + 2 h with its early warning, and each morning's
  // observed minimum (issue 31); past nights filled in from the readings kept.
  started.push(
    startFrostForecasts({
      db: handle.background,
      clock,
      log,
      engine: { groupMs: deps.config.alarms.groupMs },
    }),
  );
}

/** Every device's config on the broker now, then each change to a reporting interval. */
async function startProvisioning(deps: WorkerDeps, started: Stoppable[]): Promise<void> {
  const { handle, config, clock, log, broker } = deps;
  const { db } = handle;
  const common = { db, clock, log, broker, topicRoot: config.field.topicRoot };
  // Read before publishing, so a change made meanwhile is published again at the next check.
  const published = await readIntervals(db);
  const provisioned = await publishDeviceConfigs({ ...common });
  log.info(`field devices provisioned: ${provisioned.published}`);
  started.push(
    startIntervalProvisioning({
      ...common,
      published,
      intervalMs: config.field.overdueSweepSeconds * 1000,
    }),
  );
}
