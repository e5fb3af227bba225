/**
 * The field side of the server, started by role (ARCHITECTURE "Where it runs"):
 * - the embedded broker, when no external one is configured;
 * - ingest: uplinks → readings, latest values, dead letters (src/ingest/);
 * - worker: the job queue, commands and acks, request dispatch, the program runner, ingest's
 *   followups, the overdue sweep, and device provisioning at start-up.
 * Stopped in reverse order, so nothing writes to a closed database or broker. The demo farm's
 * simulator is no part of the server: apps/devstack starts it beside it, with `gatewayKeys`.
 */
import { loadFieldSecret } from '../auth/secrets.ts';
import type { ServerConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Clock } from '../clock.ts';
import { startExports } from '../exports/export-service.ts';
import { startScheduledReports } from '../reports/scheduled-reports.ts';
import { startFollowups } from '../ingest/followups.ts';
import { startIngest } from '../ingest/ingest.ts';
import { pumpWatchFollowup } from '../irrigation/pump-watch.ts';
import { startProgramRunner } from '../irrigation/runner-service.ts';
import { startEmbeddedBroker } from './broker.ts';
import { startDispatcher } from '../requests/dispatcher.ts';
import { startCommands } from './command-link.ts';
import { serverLogin, type BrokerEndpoint } from './connection.ts';
import { startDeviceRequests } from './device-requests.ts';
import { portInUse } from '../start/startup-errors.ts';
import { startJobs } from './jobs.ts';
import { startOverdueSweep } from './overdue.ts';
import { startAgronomy } from '../telemetry/agronomy.ts';
import { startWaterTake } from '../water-take/water-take-days.ts';
import { alarmFollowupHandler } from '../alarms/engine.ts';
import { evaluateFanShouldRun } from '../alarms/fan-rules.ts';
import { evaluateOverdue } from '../alarms/overdue-rules.ts';
import { startSender } from '../alarms/sender.ts';
import { createTwilio } from '../alarms/twilio.ts';
import { loadAlarmLinkSecret } from '../auth/secrets.ts';
import type { Mailer } from '../mail/mailer.ts';
import { API_BASE_PATH } from '../routes/app-config/app-config.routes.ts';
import path from 'node:path';
import {
  allSiteIds,
  deviceSiteLookup,
  fieldKeysFor,
  publishDeviceConfigs,
  type GatewayKey,
} from './provisioning.ts';
import { readIntervals, startIntervalProvisioning } from './interval-provisioning.ts';
import type { Log } from '../log.ts';

export type FieldServices = {
  broker: BrokerEndpoint;
  /** Each site's gateway user and key on this broker, for a site gateway or the simulator. */
  gatewayKeys: () => Promise<GatewayKey[]>;
  close: () => Promise<void>;
};

type Stoppable = { close: () => Promise<void> | void };

export async function startFieldServices(deps: {
  handle: DatabaseHandle;
  config: ServerConfig;
  clock: Clock;
  log: Log;
  /** Sends alarm emails (the app's mailer: the outbox folder without SMTP). */
  mailer: Mailer;
}): Promise<FieldServices> {
  const { handle, config, clock, log } = deps;
  const { db } = handle;
  /** Bulk work that must never hold a person up goes in the background lane (db/lanes.ts). */
  const background = { db: handle.background, people: handle.people };
  const field = config.field;
  const started: Stoppable[] = [];
  const closeAll = async () => {
    for (const service of started.reverse()) await service.close();
  };

  try {
    const fieldSecret = await loadFieldSecret(db, field.fieldSecret);
    let broker: BrokerEndpoint;
    if (field.mqttUrl) {
      broker = { url: field.mqttUrl, kind: 'external', fieldSecret };
    } else {
      const embedded = await startEmbeddedBroker({
        port: field.embeddedBrokerPort,
        host: config.host,
        dataDir: config.dataDir,
        topicRoot: field.topicRoot,
        fieldSecret,
        deviceSite: deviceSiteLookup(db),
        log,
      }).catch((error: unknown) => {
        throw portInUse(error, { port: field.embeddedBrokerPort, variable: 'MQTT_PORT' });
      });
      started.push(embedded);
      broker = { url: embedded.url, kind: 'embedded', fieldSecret };
      log.info(`field broker listening on ${embedded.url}`);
    }

    const common = { db, clock, log, broker, topicRoot: field.topicRoot };
    const instance = field.instance;

    if (field.roles.includes('ingest')) {
      started.push(
        await startIngest({
          ...common,
          broker: serverLogin(broker),
          clientId: `paddock-ingest-${instance}`,
        }),
      );
    }

    if (field.roles.includes('worker')) {
      const jobs = await startJobs({ handle, log });
      started.push({ close: () => jobs.stop({ graceful: true, wait: true, timeout: 5000 }) });
      const commands = await startCommands({
        ...common,
        jobs,
        timeoutSeconds: field.commandTimeoutSeconds,
        clientId: `paddock-commands-${instance}`,
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
      // What follows an ingest batch's commit, durably, in its transaction: set-point alarms, and a
      // pump's fault pausing the programs it feeds (§3 autoProgramPause; its recovery resumes).
      const engine = { groupMs: config.alarms.groupMs };
      started.push(
        startFollowups({
          db,
          log,
          handlers: [
            alarmFollowupHandler({ ...engine, now: () => clock.now(), log }),
            pumpWatchFollowup({ clock, log }),
          ],
        }),
      );
      started.push(
        startOverdueSweep({
          db,
          clock,
          log,
          intervalMs: field.overdueSweepSeconds * 1000,
          // Overdue alarms read the flags the sweep has just set; a fan that should be running is
          // judged on the same timer, so its grace runs out between readings too.
          after: async (now) => {
            await evaluateOverdue(db, now, engine);
            await evaluateFanShouldRun(db, now, engine);
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
      // Weather stations' growing degree days, chill, dew point and air density (issue 14).
      started.push(startAgronomy({ db: background.db, clock, log }));
      // Each consent's daily water-take file (issue 17; docs/water-take.md).
      started.push(startWaterTake({ db: background.db, clock, log }));
      // Read before publishing, so a change made meanwhile is published again at the next check.
      const published = await readIntervals(db);
      const provisioned = await publishDeviceConfigs({ ...common });
      log.info(`field devices provisioned: ${provisioned.published}`);
      started.push(
        startIntervalProvisioning({
          ...common,
          published,
          intervalMs: field.overdueSweepSeconds * 1000,
        }),
      );
    }

    return {
      broker,
      gatewayKeys: async () => fieldKeysFor(fieldSecret, await allSiteIds(db)),
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
