/**
 * The API bench's server child (api.bench.ts forks itself with `--serve`): migrates, seeds the
 * demo farm and the scale seed, signs a user in, serves on a random port and, for the mixed
 * workload, runs ingest beside the API. Server code is loaded when it starts, never by the parent.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/client.ts';
import { positive } from '../report.ts';
import { HOST, PUBLISHING_SITES, type Field, type Ready, type Stats } from './protocol.ts';

/** The child: migrate, seed, serve, report. Stops on SIGTERM from the parent. */
export async function serve(settings: {
  sites: string | undefined;
  radiosPerSite: string | undefined;
  ingestRate: number;
}): Promise<void> {
  // Loaded here, not at the top: the parent only generates load and never needs the server.
  const [app_, signedIn, passwords, demo, demoAccounts, scale] = await Promise.all([
    import('../../src/app.ts'),
    import('../signed-in-server.ts'),
    import('../../src/auth/passwords.ts'),
    import('../../../devstack/src/demo-farm/demo-farm.ts'),
    import('@paddock/domain/demo'),
    import('../../src/seed/scale.ts'),
  ]);
  const { sql } = await import('drizzle-orm');
  const { buildApp } = app_;
  const { hashPassword } = passwords;
  const config = signedIn.benchServerConfig(process.env, HOST);
  const app = await buildApp(config);
  const { db } = app.ctx;
  const now = new Date();
  const started = Date.now();
  const sites = positive('sites', settings.sites);
  // A database seeded once for several benches (`npm run bench:hundred-million`) holds the demo
  // farm and the scale seed already; a fresh one gets both.
  const found = await scale.findScaleSeed(db, sites);
  const seeded =
    found ??
    (await (async () => {
      const passwordHash = await hashPassword(demoAccounts.DEMO_PASSWORD);
      await demo.seedDemoFarm(db, { now, passwordHash });
      return scale.seedScale(db, {
        sites,
        radiosPerSite: positive('radios-per-site', settings.radiosPerSite),
        now,
        passwordHash,
        log: (line) => console.log(`  ${line}`),
      });
    })());
  const seedSeconds = (Date.now() - started) / 1000;
  // Settle what a fresh load of 100,000 rows leaves for the background (autovacuum, a checkpoint)
  // so it does not land inside a measured run; a running farm is past that point. A database
  // seeded before was settled then.
  if (!found) {
    await db.execute(sql`vacuum analyze`);
    await db.execute(sql`checkpoint`).catch(() => {
      // Only a superuser (or pg_checkpoint) may; the figures are then only noisier.
    });
  }

  const { port, token } = await signedIn.listenSignedIn(app, config, seeded.benchUserId, HOST);

  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
  const middle = Math.floor(seeded.siteIds.length / 2);
  const siteId = seeded.siteIds[middle] ?? 0;
  const field =
    settings.ingestRate > 0 ? await startBenchIngest(db, seeded.siteIds.slice(middle)) : null;
  process.once('SIGTERM', () => void field?.close());
  process.on('message', (message: { type?: string }) => {
    if (message.type !== 'stats' || !field) return;
    const stats = field.stats();
    process.send?.({
      type: 'stats',
      committed: stats.committed,
      deadLettered: stats.deadLettered,
    } satisfies Stats);
  });
  const ready: Ready = {
    type: 'ready',
    port,
    token,
    siteId,
    areaId: seeded.areaIds[middle] ?? 0,
    seedSeconds,
    field: field?.field ?? null,
  };
  process.send?.(ready);
}

/**
 * Ingest in the server's process, as one process with every role runs it: a soil probe on every
 * radio of a few sites, the embedded broker on PGlite (the Mosquitto of MQTT_URL on PostgreSQL),
 * and ingest subscribed.
 */
async function startBenchIngest(db: Database, siteIds: number[]) {
  const [{ insertProbes }, { startEmbeddedBroker }, { serverLogin }, { startIngest }] =
    await Promise.all([
      import('../probes.ts'),
      import('../../src/field/broker.ts'),
      import('../../src/field/connection.ts'),
      import('../../src/ingest/ingest.ts'),
    ]);
  const rows = await insertProbes(db, siteIds.slice(0, PUBLISHING_SITES));
  const devices = rows.map((row) => ({
    siteId: row.site_id,
    serialno: row.serialno,
    sensorId: row.sensor_id,
  }));
  const fieldSecret = randomBytes(32).toString('base64url');
  const external = process.env.DATABASE_URL !== undefined;
  const topicRoot = external ? `paddock-bench/${randomUUID()}` : 'paddock/v1';
  const siteOf = new Map(devices.map((device) => [device.serialno, device.siteId]));
  const embedded = external
    ? null
    : await startEmbeddedBroker({
        port: 0,
        host: HOST,
        dataDir: process.env.PADDOCK_DATA_DIR ?? null,
        topicRoot,
        fieldSecret,
        deviceSite: async (serialno) => siteOf.get(serialno) ?? null,
      });
  const brokerUrl = embedded?.url ?? process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
  const quiet = () => {};
  const ingest = await startIngest({
    db,
    clock: { now: () => new Date() },
    log: { info: quiet, warn: quiet, error: (o, m) => console.error(`  ingest: ${m}`, o) },
    broker: serverLogin({ url: brokerUrl, kind: embedded ? 'embedded' : 'external', fieldSecret }),
    topicRoot,
    clientId: `paddock-bench-${randomUUID()}`,
    sessionExpirySeconds: 60,
  });
  return {
    field: { brokerUrl, topicRoot, fieldSecret, devices } satisfies Field,
    stats: () => ingest.stats(),
    close: async () => {
      await ingest.close();
      await embedded?.close();
    },
  };
}
