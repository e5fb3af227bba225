/**
 * What a fault campaign's case does beside its fault and how it counts the damage: the site's
 * devices answering commands and streaming sequenced readings, pings and a control test through
 * the API, and the database's count of readings lost or doubled and of controls opened twice.
 */
import { downlinkTopic, uplinkTopic } from '@paddock/domain';
import { publishConfirmed } from '@paddock/simulator';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { sleep } from './services.ts';
import { gateway, TOPIC_ROOT, type Server, type Stage } from './stage.ts';

const BASE_TIME = Date.parse('2026-11-21T00:00:00.000Z');
/** Device streams, each this many messages this far apart. */
export const STREAMS = 4;
export const MESSAGES = 300;
const INTERVAL_MS = 25;

/** The devices of site A answer every command: accepted, then done. */
export async function answerCommands(stage: Stage): Promise<MqttClient> {
  const siteId = stage.farm.sites.a.id;
  const client = await gateway(stage, siteId, 'acks');
  await client.subscribeAsync(`${TOPIC_ROOT}/${siteId}/+/down/command`, { qos: 1 });
  client.on('message', (topic, payload) => {
    const serialno = topic.split('/').at(-3) as string;
    let commandId: string;
    try {
      commandId = (JSON.parse(payload.toString('utf8')) as { commandId: string }).commandId;
    } catch {
      return;
    }
    const ack = uplinkTopic(TOPIC_ROOT, siteId, serialno, 'ack');
    for (const phase of ['accepted', 'done'] as const) {
      client.publish(ack, JSON.stringify({ commandId, phase, time: new Date().toISOString() }), {
        qos: 1,
      });
    }
  });
  void downlinkTopic;
  return client;
}

export type Streams = { acked: number; resent: number; done: Promise<void>; metrics: string[] };

/** Sequenced readings from site A's soil sensor, counted as the broker acknowledges them. */
export async function publishReadings(stage: Stage, tag: string): Promise<Streams> {
  const siteId = stage.farm.sites.a.id;
  const sensorId = stage.farm.sensors.soil.id;
  const state: Streams = { acked: 0, resent: 0, done: Promise.resolve(), metrics: [] };
  const runs: Promise<void>[] = [];
  for (let s = 0; s < STREAMS; s++) {
    const metric = `faults.${tag}.${s}`;
    state.metrics.push(metric);
    const device = await gateway(stage, siteId, `stream-${s}`);
    const topic = uplinkTopic(TOPIC_ROOT, siteId, 'R-1001', 'readings');
    runs.push(
      (async () => {
        const sent: Promise<void>[] = [];
        for (let seq = 0; seq < MESSAGES; seq++) {
          const payload = JSON.stringify({
            seq,
            time: new Date(BASE_TIME + seq * 1000).toISOString(),
            readings: [{ thing: 'sensor', id: sensorId, metric, value: seq }],
          });
          // As the simulator's devices: over MQTT 5 a reading the broker took with no subscriber
          // (a broker back from a crash before ingest) is sent again (docs/field-protocol.md).
          sent.push(
            publishConfirmed(device, topic, payload, {
              onResend: () => state.resent++,
            }).then(
              () => {
                state.acked++;
              },
              () => {},
            ),
          );
          await sleep(INTERVAL_MS);
        }
        await Promise.all(sent);
        await device.endAsync();
      })(),
    );
  }
  state.done = Promise.all(runs).then(() => {});
  return state;
}

export async function call(stage: Stage, method: string, url: string, body?: unknown) {
  const response = await fetch(`${stage.api()}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${stage.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
}

/** Pings radio R-1001 until a ping completes; answers the seconds it took, or null. */
export async function pingUntilDone(stage: Stage, limitMs = 120_000): Promise<number | null> {
  const radioId = stage.farm.radios.radio1.id;
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    try {
      const sent = await call(stage, 'POST', `/radios/${radioId}/ping`);
      const id = (sent.body as { id?: number } | null)?.id;
      if (sent.status === 202 && id) {
        for (let polls = 0; polls < 20; polls++) {
          await sleep(500);
          const request = await call(stage, 'GET', `/radios/${radioId}/requests/${id}`);
          const status = (request.body as { status?: string } | null)?.status;
          if (status === 'done') return (Date.now() - started) / 1000;
          if (status === 'failed') break;
        }
      }
    } catch {
      // The API is away: try again.
    }
    await sleep(500);
  }
  return null;
}

/** A control test (a valve opens for a while): answers whether its request completed. */
export async function valveTest(stage: Stage): Promise<boolean> {
  const controlId = stage.farm.controls.valve1.id;
  const sent = await call(stage, 'POST', `/controls/${controlId}/test`);
  const id = (sent.body as { id?: number } | null)?.id;
  if (!id) return false;
  for (let polls = 0; polls < 60; polls++) {
    await sleep(500);
    // Following the request up with its id sends nothing again.
    const followed = await call(stage, 'POST', `/controls/${controlId}/test`, { requestId: id });
    const status = (followed.body as { status?: string } | null)?.status;
    if (status === 'done') return true;
    if (status === 'failed') return false;
  }
  return false;
}

export async function withDatabase<T>(
  stage: Stage,
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase(
    stage.target.kind === 'postgres' ? { ...stage.target, poolSize: 1 } : stage.target,
  );
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/** Readings the broker acknowledged and never stored, and readings counted twice. */
export async function countReadings(stage: Stage, streams: Streams) {
  const rows = await withDatabase(stage, (db) =>
    queryRows<{ metric: string; readings: number; rolled: number }>(
      db,
      sql`select s.metric, count(r.*)::int as readings,
                 coalesce((select sum(ru.count)::int from reading_rollups ru where ru.series_id = s.id), 0) as rolled
          from series s left join readings r on r.series_id = s.id
          where s.metric = any(${sql.param(streams.metrics)}::text[])
          group by s.id, s.metric`,
    ),
  );
  const stored = rows.reduce((sum, row) => sum + row.readings, 0);
  const rolled = rows.reduce((sum, row) => sum + row.rolled, 0);
  return { stored, duplicated: Math.max(0, rolled - stored) };
}

/** Controls a request opened more than once, and requests still new or pending. */
export async function countActuations(stage: Stage) {
  return withDatabase(stage, async (db) => {
    const [doubles] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
            select request_id, control from field_commands,
                   jsonb_array_elements(payload->'controls') control
            where action = 'open' and request_id is not null
            group by request_id, control having count(*) > 1) twice`,
    );
    const [stuck] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from requests where status in ('new', 'pending')
          and updated_at < now() - interval '90 seconds'`,
    );
    return { doubleActuations: doubles?.n ?? 0, stuck: stuck?.n ?? 0 };
  });
}

/** The server's log lines that parse as JSON with this message. */
export function logged(server: Server, text: string): boolean {
  return server.log.some((line) => line.includes(text));
}

/**
 * A killed worker is started again under its instance name after 2 s, as systemd or Kubernetes
 * would: its broker session (its share of the acks) comes back with it.
 */
export async function restartLikeASupervisor(stage: Stage, victim: Server) {
  await sleep(2000);
  await stage.start(`${victim.name}-restarted`, {
    PADDOCK_ROLES: 'worker',
    PADDOCK_INSTANCE: victim.name,
  });
}

/** Answers what the API said while the database was away (status and message), once. */
export async function apiWhileAway(stage: Stage): Promise<string> {
  try {
    const answer = await call(stage, 'GET', `/radios/${stage.farm.radios.radio1.id}`);
    const health = await fetch(`${stage.api()}/api/health`).then((r) => r.status);
    const message = (answer.body as { message?: string } | null)?.message ?? '';
    return `meanwhile ${answer.status} "${message}", health ${health}`;
  } catch (error) {
    return `meanwhile no answer (${String(error)})`;
  }
}

export const aliveNote = (stage: Stage) =>
  stage.servers.every((server) => server.child.exitCode === null && !server.child.signalCode)
    ? 'server stayed up'
    : 'SERVER EXITED';
