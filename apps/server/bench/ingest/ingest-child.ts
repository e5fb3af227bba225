/**
 * The ingest benches' child process (ingest.bench.ts and lorawan.bench.ts fork themselves with
 * `--serve`): a seeded database, the broker, ingest as the server runs it, and the figures of the
 * messages published in the window the parent announces. For the chirpstack protocol the radios
 * also get devEUIs, each site its ChirpStack links, and the link runner runs beside ingest as the
 * ingest role runs it. Server code is loaded when it starts, never by the parent.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { Database, DatabaseHandle } from '../../src/db/client.ts';
import type { Ingest } from '../../src/ingest/ingest.ts';
import type { LinkRunner } from '../../src/network-links/link-runner.ts';
import type { ProbeRow } from '../probes.ts';
import {
  READING_BASE,
  READING_STEP_MS,
  type Ready,
  type Report,
  type ServeOptions,
} from './protocol.ts';

/** The child: database, broker, ingest; measures commits of the messages it is told about. */
export async function serve(options: ServeOptions): Promise<void> {
  const [{ openDatabase }, { startEmbeddedBroker }, { serverLogin }, { startIngest }] =
    await Promise.all([
      import('../../src/db/client.ts'),
      import('../../src/field/broker.ts'),
      import('../../src/field/connection.ts'),
      import('../../src/ingest/ingest.ts'),
    ]);
  const { sql } = await import('drizzle-orm');

  const handle = await openDatabase(
    options.databaseUrl
      ? { kind: 'postgres', url: options.databaseUrl }
      : { kind: 'pglite', dataDir: options.dataDir },
  );
  const { db } = handle;
  const { devices, seededBefore } = await seedProbes(db, options);
  // A database seeded for several benches: its probes' series have a history up to now, and
  // their readings follow it, into the month's partition that holds it. Else the readings start
  // at a fixed time, whose month gets its partition, as the field's current month has (a reading
  // of a month without one would go to the default partition, which a farm's database seldom
  // uses).
  const readingBase = seededBefore
    ? Math.ceil(Date.now() / READING_STEP_MS) * READING_STEP_MS
    : READING_BASE;
  const { makeReadingPartitions } = await import('../../src/db/reading-partitions.ts');
  await makeReadingPartitions(db, readingBase);
  const followups = options.rules ? await startRuleFollowups(db) : null;

  // Planner statistics of the seeded tables, as autovacuum keeps them on a farm's database
  // (this machine's PostgreSQL runs without autovacuum, and a fresh database has none).
  await db.execute(sql`analyze`);

  const fieldSecret = randomBytes(32).toString('base64url');
  const topicRoot = options.setup === 'embedded' ? 'paddock/v1' : `paddock-bench/${randomUUID()}`;
  const siteOf = new Map(devices.map((device) => [device.serialno, device.site_id]));
  const embedded =
    options.setup === 'embedded'
      ? await startEmbeddedBroker({
          port: 0,
          host: '127.0.0.1',
          dataDir: options.dataDir,
          topicRoot,
          fieldSecret,
          deviceSite: async (serialno) => siteOf.get(serialno) ?? null,
        })
      : null;
  const brokerUrl = embedded?.url ?? (options.mqttUrl as string);
  const log = {
    info: () => {},
    warn: (object: object, message?: string) => console.warn(`  ingest: ${message}`, object),
    error: (object: object, message?: string) => console.error(`  ingest: ${message}`, object),
  };
  const ingest = await startIngest({
    db,
    clock: { now: () => new Date() },
    log,
    broker: serverLogin({ url: brokerUrl, kind: embedded ? 'embedded' : 'external', fieldSecret }),
    topicRoot,
    clientId: `paddock-bench-${randomUUID()}`,
    batch: options.batch,
    ...(handle.kind === 'postgres' ? { parallelBatches: options.parallel } : {}),
    sessionExpirySeconds: 60,
  });

  const lorawan =
    options.protocol === 'chirpstack'
      ? await startLinks(db, devices, {
          brokerUrl,
          embedded: embedded !== null,
          fieldSecret,
          options,
        })
      : null;

  await measureCommits(handle, ingest, lorawan?.runner ?? null, options);
  process.once('SIGTERM', () => {
    // A profiled run ends at once: the profile is written at exit, and a slow close under load
    // would meet the parent's SIGKILL first.
    if (process.execArgv.includes('--cpu-prof')) process.exit(0);
    void (async () => {
      await lorawan?.runner.close();
      await ingest.close();
      await followups?.close();
      await embedded?.close();
      await handle.close();
      process.exit(0);
    })();
  });
  const ready: Ready = {
    type: 'ready',
    brokerUrl,
    topicRoot,
    fieldSecret,
    readingBase,
    devices: devices.map((row) => ({
      siteId: row.site_id,
      serialno: row.serialno,
      sensorId: row.sensor_id,
      ...lorawan?.devices.get(row.serialno),
    })),
  };
  process.send?.(ready);
}

/**
 * The scale seed, and one soil probe on every radio; on a database seeded for several benches
 * (`npm run bench:hundred-million`), the probes of its first `sites` farms, as they are.
 */
async function seedProbes(
  db: Database,
  options: ServeOptions,
): Promise<{ devices: ProbeRow[]; seededBefore: boolean }> {
  const [{ insertProbes }, { findScaleSeed, seedScale }] = await Promise.all([
    import('../probes.ts'),
    import('../../src/seed/scale.ts'),
  ]);
  const found = await findScaleSeed(db, options.sites);
  const seeded =
    found ??
    (await seedScale(db, {
      sites: options.sites,
      radiosPerSite: options.radiosPerSite,
      now: new Date(),
      passwordHash: 'bench',
    }));
  // Its own sites' radios only: a database seeded for several benches has other farms' too.
  return { devices: await insertProbes(db, seeded.siteIds), seededBefore: found !== null };
}

/**
 * Gives every radio a devEUI and every site `linksPerSite` ChirpStack links on the bench's
 * broker (each its own application, as sites sharing one network server have), spreads each
 * site's radios over its links in turn, and starts the link runner.
 */
async function startLinks(
  db: Database,
  devices: ProbeRow[],
  broker: { brokerUrl: string; embedded: boolean; fieldSecret: string; options: ServeOptions },
): Promise<{
  runner: LinkRunner;
  devices: Map<string, { devEui: string; applicationId: string }>;
}> {
  const [{ sql }, schema, { credentialBox }, { fieldKey, SERVER_USERNAME }, { startLinkRunner }] =
    await Promise.all([
      import('drizzle-orm'),
      import('../../src/db/schema.ts'),
      import('../../src/network-links/credential-box.ts'),
      import('../../src/field/credentials.ts'),
      import('../../src/network-links/link-runner.ts'),
    ]);
  // 16 hex digits from the radio's id: unique, and never the all-zero blank.
  await db.execute(
    sql`update radios set dev_eui = 'A84041' || lpad(upper(to_hex(id)), 10, '0') where dev_eui is null`,
  );
  const euis = new Map(
    (
      await db
        .select({ serialno: schema.radios.serialno, devEui: schema.radios.devEui })
        .from(schema.radios)
    ).map((row) => [row.serialno, row.devEui as string]),
  );
  const box = credentialBox(broker.fieldSecret);
  const url = new URL(broker.brokerUrl);
  const login = broker.embedded
    ? { username: SERVER_USERNAME, password: fieldKey(broker.fieldSecret, SERVER_USERNAME) }
    : url.username
      ? { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }
      : { username: null, password: null };
  url.username = '';
  url.password = '';
  const now = new Date();
  const bySite = new Map<number, ProbeRow[]>();
  for (const device of devices)
    bySite.set(device.site_id, [...(bySite.get(device.site_id) ?? []), device]);
  const assigned = new Map<string, { devEui: string; applicationId: string }>();
  for (const [siteId, ofSite] of bySite) {
    const applications = Array.from({ length: broker.options.linksPerSite }, () => randomUUID());
    await db.insert(schema.networkLinks).values(
      applications.map((applicationId) => ({
        siteId,
        kind: 'chirpstack' as const,
        url: url.toString(),
        username: login.username,
        passwordSealed: login.password === null ? null : box.seal(login.password),
        applicationId,
        createdAt: now,
        modifiedAt: now,
      })),
    );
    ofSite.forEach((device, index) => {
      assigned.set(device.serialno, {
        devEui: euis.get(device.serialno) as string,
        applicationId: applications[index % applications.length] as string,
      });
    });
  }
  const runner = await startLinkRunner({
    db,
    clock: { now: () => new Date() },
    log: {
      info: () => {},
      warn: (...line: unknown[]) => console.warn('  links:', ...line),
      error: (...line: unknown[]) => console.error('  links:', ...line),
    },
    box,
    clientIdPrefix: `paddock-bench-link-${randomUUID()}`,
  });
  // Connected and subscribed before the first uplink, as a link set up long before would be.
  const links = await db.select().from(schema.networkLinks);
  for (const deadline = Date.now() + 30_000; ;) {
    const states = await db.select({ state: schema.networkLinks.state }).from(schema.networkLinks);
    if (states.every((row) => row.state === 'connected')) break;
    if (Date.now() > deadline) throw new Error(`links not connected: ${JSON.stringify(states)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`  ${links.length} ChirpStack links connected`);
  return { runner, devices: assigned };
}

/** With --rules: a set-point rule per sensor, and the followup worker that evaluates them. */
async function startRuleFollowups(db: Database): Promise<{ close: () => Promise<void> }> {
  const { sql } = await import('drizzle-orm');
  // One rule per sensor: soil moisture below 5 (the bench's values never are), so each batch
  // pays for finding, reading and judging its sensors' rules, as a farm's quiet hours do.
  await db.execute(sql`
    insert into alarms (area_id, site_id, active, rule, notifications, label)
    select s.area_id, s.site_id, true,
           jsonb_build_object('id', s.id, 'name', 'Dry ' || s.serialno, 'severity', 'warning',
             'target', s.id, 'targetType', 'sensor', 'enabled', true, 'template', 2,
             'conditions', jsonb_build_object('all', jsonb_build_array(
               jsonb_build_object('type', 'streamData', 'path', 'soil.moisture',
                 'operator', 'lessThan', 'value', 5),
               jsonb_build_object('type', 'status'))),
             'resetAfter', '00:30:00'),
           '{}'::integer[], 'Dry ' || s.serialno
    from sensors s`);
  const [{ startFollowups }, { alarmFollowupHandler }] = await Promise.all([
    import('../../src/ingest/followups.ts'),
    import('../../src/alarms/engine.ts'),
  ]);
  return startFollowups({
    db,
    log: { warn: () => {}, error: (o, m) => console.error(`  followups: ${m}`, o) },
    handlers: [alarmFollowupHandler({ groupMs: 0, now: () => new Date() })],
  });
}

/**
 * Measures every message published inside the window the parent announces (a `window` message)
 * and answers a `report` message with the figures so far.
 */
async function measureCommits(
  handle: DatabaseHandle,
  ingest: Ingest,
  links: LinkRunner | null,
  options: ServeOptions,
): Promise<void> {
  const { queryRows } = await import('../../src/db/client.ts');
  const { sql } = await import('drizzle-orm');
  const { db } = handle;
  // Latency of every message published inside the window the parent announces.
  let window: { from: number; to: number } | null = null;
  const latencies: number[] = [];
  const arrivals: number[] = [];
  let committed = 0;
  let firstCommitMs = 0;
  let lastCommitMs = 0;
  let cpuAtStart = process.cpuUsage();
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  let gcMs = 0;
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) gcMs += entry.duration;
  }).observe({ entryTypes: ['gc'] });
  /** The WAL position and checkpoint count at the window's start (PostgreSQL). */
  const walState = async () =>
    handle.kind === 'postgres'
      ? (
          await queryRows<{ lsn: string; checkpoints: number }>(
            db,
            sql`select pg_current_wal_lsn()::text as lsn,
                (select checkpoints_timed + checkpoints_req from pg_stat_bgwriter)::int as checkpoints`,
          )
        )[0]
      : undefined;
  let walAtStart: Promise<{ lsn: string; checkpoints: number } | undefined> =
    Promise.resolve(undefined);
  const count = (published: number, receivedAt: Date, now: number) => {
    if (!window || published < window.from || published >= window.to) return;
    latencies.push(now - published);
    arrivals.push(receivedAt.getTime() - published);
    committed++;
    if (!firstCommitMs) firstCommitMs = now;
    lastCommitMs = now;
  };
  ingest.observeCommits((batch) => {
    const now = Date.now();
    for (const uplink of batch.uplinks) {
      count(Date.parse(uplink.message.time ?? ''), uplink.receivedAt, now);
    }
  });
  links?.observeStored((stored) => {
    const now = Date.now();
    for (const uplink of stored) count(Date.parse(uplink.time), uplink.receivedAt, now);
  });
  const linkIds = links
    ? (await queryRows<{ id: number }>(db, sql`select id from network_links`)).map((row) => row.id)
    : [];
  /** What the links took as anything but stored, summed over the links. */
  const notStored = () => {
    const sums = new Map<string, number>();
    for (const id of linkIds) {
      for (const [outcome, n] of Object.entries(links?.counts(id) ?? {})) {
        if (outcome !== 'stored' && n > 0) sums.set(outcome, (sums.get(outcome) ?? 0) + n);
      }
    }
    return [...sums].map(([outcome, n]) => `${outcome} ${n}`).join(', ');
  };

  process.on('message', (message: { type: string; from?: number; to?: number }) => {
    if (message.type === 'window') {
      window = { from: message.from ?? 0, to: message.to ?? 0 };
      cpuAtStart = process.cpuUsage();
      loopDelay.reset();
      loopDelay.enable();
      gcMs = 0;
      walAtStart = walState();
      return;
    }
    if (message.type === 'report') {
      void reportFigures();
    }
  });
  const reportFigures = async () => {
    const pending = options.rules
      ? Number(
          (
            await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ingest_followups`)
          )[0]?.n ?? 0,
        )
      : 0;
    const cpu = process.cpuUsage(cpuAtStart);
    const stats = ingest.stats();
    const [walFrom, walTo] = await Promise.all([walAtStart, walState()]);
    const walBytes =
      walFrom && walTo
        ? Number(
            (
              await queryRows<{ bytes: string }>(
                db,
                sql`select pg_wal_lsn_diff(${walTo.lsn}::pg_lsn, ${walFrom.lsn}::pg_lsn)::text as bytes`,
              )
            )[0]?.bytes,
          )
        : null;
    const report: Report = {
      type: 'report',
      committed,
      latencies,
      arrivals,
      firstCommitMs,
      lastCommitMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      deadLettered: stats.deadLettered,
      readingsInserted: stats.readingsInserted,
      notStored: notStored(),
      followupsPending: pending,
      loopDelayP99: loopDelay.percentile(99) / 1e6,
      gcMs,
      walBytes,
      checkpoints: walFrom && walTo ? walTo.checkpoints - walFrom.checkpoints : null,
    };
    process.send?.(report);
  };
}
