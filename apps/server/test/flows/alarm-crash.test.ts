/**
 * A server killed (SIGKILL) between an alarm's transition and its send: the transition, its
 * event and its message are committed together, so after the restart the message goes out, and
 * exactly once. The server is src/main.ts with the worker role, its sms provider the Twilio
 * stand-in in this process; the reading that crosses the set point is a committed ingest
 * followup the worker takes at start.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  startTwilioStandin,
  type TwilioStandin,
} from '../../../devstack/src/twilio-standin/standin.ts';
import { openDatabase, type DatabaseTarget } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';
import { commitSensorReport } from '../helpers/sensor-report.ts';
import { addAlarm, soilDryRule } from '../helpers/alarms.ts';
import { seedTestFarm } from '../helpers/farm.ts';
import { freePort } from '../helpers/field.ts';
import {
  createServerData,
  startServerProcess,
  stopProcess,
  type ServerData,
} from '../helpers/server-process.ts';

/** The raise's message waits this long for others of the site: the window the kill falls in. */
const GROUP_SECONDS = 4;

let data: ServerData | undefined;
let dataDir: string;
let target: DatabaseTarget;
let standin: TwilioStandin;
let env: NodeJS.ProcessEnv;
let server: ChildProcess | null = null;

beforeAll(async () => {
  data = await createServerData('paddock-alarm-crash-');
  ({ dataDir, target } = data);
  standin = await startTwilioStandin({ callbackDelayMs: 60_000 });

  // The farm, an sms-only alarm on the soil sensor, and a committed batch that crossed it.
  const handle = await openDatabase(target);
  const farm = await seedTestFarm(handle.db);
  await addAlarm(handle.db, farm, {
    rule: { ...soilDryRule(farm), id: 1 },
    notifications: [farm.notifications.smsA.id],
  });
  await commitSensorReport(handle.db, {
    sensor: farm.sensors.soil.id,
    metric: 'soil.moisture',
    value: 9,
  });
  await handle.close();

  env = {
    PATH: process.env.PATH,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    HOST: '127.0.0.1',
    PORT: '0',
    PADDOCK_ROLES: 'worker',
    PADDOCK_INSTANCE: `alarm-crash-${randomBytes(4).toString('hex')}`,
    PADDOCK_DATA_DIR: dataDir,
    MQTT_PORT: String(await freePort()),
    FIELD_SECRET: randomBytes(32).toString('base64url'),
    TWILIO_BASE_URL: standin.url,
    TWILIO_ACCOUNT_SID: standin.accountSid,
    TWILIO_AUTH_TOKEN: standin.authToken,
    ALARM_GROUP_SECONDS: String(GROUP_SECONDS),
    ALARM_SEND_POLL_MS: '100',
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : {}),
    ...(process.env.MQTT_URL
      ? {
          MQTT_URL: process.env.MQTT_URL,
          FIELD_TOPIC_ROOT: `paddock-test/${randomBytes(6).toString('hex')}`,
        }
      : {}),
  };
}, 240_000);

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await standin.close();
  await data?.remove();
});

/** Starts the server; resolves when its log has a line containing `waitFor`. */
function startServer(waitFor: string): Promise<ChildProcess> {
  return startServerProcess(env, waitFor);
}

function kill(process: ChildProcess): Promise<void> {
  return stopProcess(process, 'SIGKILL');
}

it('sends the message of a transition exactly once across a SIGKILL before the send', async () => {
  server = await startServer('alarm transitions');
  // The followup's transaction commits right after the handler logs; the send is seconds away.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await kill(server);
  expect(standin.records).toHaveLength(0);

  server = await startServer('field devices provisioned');
  const deadline = Date.now() + (GROUP_SECONDS + 15) * 1000;
  while (standin.records.length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Long enough for a second send, had there been one to make.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await kill(server);
  expect(standin.records.map((record) => [record.kind, record.to])).toEqual([
    ['sms', '+64211234567'],
  ]);
  expect(standin.records[0]?.body).toContain('Zone 1 too dry (9)');

  const handle = await openDatabase(target);
  try {
    const rows = await handle.db.select().from(schema.alarmNotifications);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([['sent', 1]]);
    const states = await handle.db.select().from(schema.alarmStates);
    expect(states.map((state) => [state.status, state.episode])).toEqual([['raised', 1]]);
  } finally {
    await handle.close();
  }
}, 240_000);
