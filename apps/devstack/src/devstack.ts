/**
 * The development stack in one process: the server (every role, embedded database and broker
 * unless configured otherwise), the demo farm seeded into an empty database before the field
 * side starts, and the simulator running the farm's devices over the server's broker with each
 * site gateway's key. The server knows nothing of the simulator; this is where they meet.
 */
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@paddock/domain/demo';
import {
  farmEpoch,
  portInUse,
  startServer,
  type Database,
  type PeopleFirst,
  type RunningServer,
  type ServerConfig,
} from '@paddock/server';
import {
  seededRandom,
  startSimulator,
  type NetworkServerLink,
  type Simulator,
} from '@paddock/simulator';
import path from 'node:path';
import type { DevstackConfig } from './config.ts';
import { seedDemoFarmIfEmpty } from './demo-farm/demo-farm.ts';
import { frostSeasonPlans, overlayFrostSeason } from './demo-farm/frost-season.ts';
import {
  DEMO_NETWORK_SITE,
  DEMO_UNPROVISIONED_DEV_EUI,
  pointDemoNetworkLink,
} from './demo-farm/network-server.ts';
import { seedDemoRunHistory } from './demo-farm/run-history.ts';
import { pointDemoWebhook } from './demo-farm/webhook.ts';
import { createHistoryLoader, type HistoryLoader, type HistoryResult } from './history.ts';
import { startTwilioStandin, type TwilioStandin } from './twilio-standin/standin.ts';
import { startWebhookStandin } from './webhook-standin/standin.ts';

export type Devstack = {
  server: RunningServer;
  simulator: Simulator | null;
  log: RunningServer['log'];
  /**
   * The demo farm's past being loaded in the background (on the first start only); resolves when
   * it is stored. Null when there is none to load.
   */
  history: Promise<HistoryResult> | null;
  /** Stops the history load, the simulator, then the server. */
  close: () => Promise<void>;
};

/**
 * Without a configured sms and voice provider, the local stand-in that speaks Twilio's protocol
 * takes what the server sends (and writes it to the outbox folder), so alarms can be followed
 * end to end on a fresh checkout.
 */
async function withStandin(
  serverConfig: ServerConfig,
  config: DevstackConfig,
): Promise<{ serverConfig: ServerConfig; standin: TwilioStandin | null }> {
  if (serverConfig.alarms.twilio) return { serverConfig, standin: null };
  const standin = await startTwilioStandin({
    port: config.twilioStandinPort,
    host: serverConfig.host,
    outboxDir: path.join(serverConfig.dataDir, 'outbox'),
  }).catch((error: unknown) => {
    throw portInUse(error, { port: config.twilioStandinPort, variable: 'TWILIO_STANDIN_PORT' });
  });
  return {
    standin,
    serverConfig: {
      ...serverConfig,
      alarms: {
        ...serverConfig.alarms,
        twilio: {
          baseUrl: standin.url,
          accountSid: standin.accountSid,
          authToken: standin.authToken,
          smsFrom: '+15005550006',
          voiceFrom: '+15005550006',
        },
      },
    },
  };
}

export async function startDevstack(
  givenServerConfig: ServerConfig,
  config: DevstackConfig,
): Promise<Devstack> {
  const { serverConfig, standin } = await withStandin(givenServerConfig, config);
  // A receiver for the sites' webhooks, so one added in the console can be watched at work.
  const webhooks = await startWebhookStandin({
    port: config.webhookStandinPort,
    host: serverConfig.host,
  }).catch(async (error: unknown) => {
    await standin?.close();
    throw portInUse(error, { port: config.webhookStandinPort, variable: 'WEBHOOK_STANDIN_PORT' });
  });
  try {
    const stack = await startStack(serverConfig, config, webhooks.url);
    if (standin)
      stack.log.info(`sms and calls go to the stand-in at ${standin.url}/standin/outbox`);
    stack.log.info(
      `a webhook endpoint at ${webhooks.url} shows what it got at ${new URL('/standin/webhooks', webhooks.url).href}`,
    );
    return {
      ...stack,
      close: async () => {
        await stack.close();
        await webhooks.close();
        await standin?.close();
      },
    };
  } catch (error) {
    await webhooks.close();
    await standin?.close();
    throw error;
  }
}

/**
 * The demo's ChirpStack site (demo-farm/network-server.ts): its link pointed at this start's
 * broker, and what the simulator publishes that site's LoRaWAN devices with. Only on the embedded
 * broker, whose `network-server` user stands in for ChirpStack's; on an external one the site's
 * devices stay native.
 */
/**
 * How long the demo's LoRaWAN devices take to hear a command: their next uplink, which in the
 * demo comes sooner than their reporting interval, but after the console's first follow-up of a
 * valve test (30 s), so the test shows "Waiting for the device" before it finishes. A run that
 * sets the simulator's reporting interval (the tests) waits that long instead.
 */
const DEMO_CLASS_A_DELAY_SECONDS = 40;

async function demoNetwork(
  server: RunningServer,
  prepared: { db: Database | null; seeded: boolean },
  reportSeconds: number | null,
): Promise<{ siteId: number; link: NetworkServerLink } | null> {
  if (!prepared.db || server.broker.kind !== 'embedded') return null;
  const login = server.networkServerLogin();
  const now = new Date();
  const pointed = await pointDemoNetworkLink(
    prepared.db,
    {
      url: server.broker.url,
      username: login.username,
      passwordSealed: server.sealLinkPassword(login.key),
    },
    { seeded: prepared.seeded, now },
  );
  if (!pointed) return null;
  server.log.info(
    `demo: ${DEMO_NETWORK_SITE}'s soil probes report through a simulated ChirpStack (application ${pointed.applicationId} on ${server.broker.url})`,
  );
  return {
    siteId: pointed.siteId,
    link: {
      kind: 'chirpstack',
      brokerUrl: server.broker.url,
      username: login.username,
      password: login.key,
      applicationId: pointed.applicationId,
      unprovisioned: [DEMO_UNPROVISIONED_DEV_EUI],
      classADelaySeconds: reportSeconds ?? DEMO_CLASS_A_DELAY_SECONDS,
    },
  };
}

async function startStack(
  serverConfig: ServerConfig,
  config: DevstackConfig,
  /** The local webhook receiver's …/webhooks, where the demo's endpoint points. */
  webhookReceiverUrl: string,
): Promise<Devstack> {
  /**
   * Set by the seed: the database's background lane and the people it yields to, whether the
   * demo farm was seeded now, and when the farm began.
   */
  const prepared: {
    db: Database | null;
    background: Database | null;
    people: PeopleFirst | null;
    seeded: boolean;
    epoch: Date | null;
  } = { db: null, background: null, people: null, seeded: false, epoch: null };
  const server = await startServer(serverConfig, {
    prepare: async (db, { now, log, background, people }) => {
      prepared.background = background;
      prepared.people = people;
      if (!config.demo) return;
      prepared.db = db;
      const seeded = await seedDemoFarmIfEmpty(db, {
        now,
        ...(config.demoReportIntervalSeconds
          ? { reportIntervalSeconds: config.demoReportIntervalSeconds }
          : {}),
      });
      prepared.seeded = seeded;
      prepared.epoch = await farmEpoch(db);
      await pointDemoWebhook(db, webhookReceiverUrl, { seeded, now });
      if (seeded) {
        // The irrigation runs of the last three months before the simulator's past begins.
        const pastMs = config.simulator ? config.demoHistoryMs : 0;
        const runs = await seedDemoRunHistory(db, {
          now,
          until: new Date(now.getTime() - pastMs),
        });
        log.info(`demo farm: ${runs} valve readings of the last three months' irrigation runs`);
      }
      if (seeded) {
        const logins = DEMO_ACCOUNTS.map((account) => account.login).join(', ');
        log.info(`demo farm seeded: sign in as ${logins} with password ${DEMO_PASSWORD}`);
      }
    },
  });
  if (!config.simulator) {
    return { server, simulator: null, log: server.log, history: null, close: server.close };
  }
  let history: HistoryLoader | null = null;
  try {
    const log = server.log.child({ part: 'simulator' });
    const sites = await server.gatewayKeys();
    if (prepared.seeded && prepared.background && prepared.people && config.demoHistoryMs > 0) {
      const historyLog = server.log.child({ part: 'history' });
      // The frost sites' season of past frost nights, written over their past as it is made.
      const frostSeason = await frostSeasonPlans(prepared.background, new Date());
      historyLog.info(
        `demo history: ${frostSeason.reduce((sum, plan) => sum + plan.nights.length, 0)} past frost nights on ${frostSeason.length} frost sites`,
      );
      history = createHistoryLoader({
        overlay: (chunk) => {
          for (const plan of frostSeason) overlayFrostSeason(plan, chunk);
        },
        // The history is background work: people signing in meanwhile go first (db/lanes.ts).
        db: prepared.background,
        people: prepared.people,
        spanMs: config.demoHistoryMs,
        sites: sites.length,
        log: {
          info: (message) => historyLog.info(message),
          error: (message) => historyLog.error(message),
        },
      });
    }
    const network = await demoNetwork(server, prepared, config.simulatorReportSeconds);
    const simulator = await startSimulator({
      brokerUrl: server.broker.url,
      // An external broker (Mosquitto) speaks MQTT 5: devices then send again what it took with
      // no subscriber (docs/field-protocol.md).
      protocolVersion: server.broker.kind === 'external' ? 5 : 4,
      topicRoot: serverConfig.field.topicRoot,
      sites: sites.map(({ siteId, username, key }) => ({
        siteId,
        username,
        password: key,
        ...(siteId === network?.siteId ? { network: network.link } : {}),
      })),
      controlPort: config.simulatorControlPort,
      random: seededRandom(config.simulatorSeed),
      ...(prepared.epoch ? { epoch: prepared.epoch } : {}),
      ...(history ? { history: history.simulator } : {}),
      ...(config.simulatorReportSeconds
        ? { reportEverySeconds: config.simulatorReportSeconds }
        : {}),
      log,
    }).catch((error: unknown) => {
      throw portInUse(error, {
        port: config.simulatorControlPort,
        variable: 'SIMULATOR_CONTROL_PORT',
      });
    });
    log.info(
      `simulator running the demo farm on ${sites.length} sites; faults at ${simulator.controlUrl}`,
    );
    const loader = history;
    return {
      server,
      simulator,
      log: server.log,
      history: loader?.done ?? null,
      close: async () => {
        await loader?.stop();
        await simulator.close();
        await server.close();
      },
    };
  } catch (error) {
    await history?.stop();
    await server.close();
    throw error;
  }
}
