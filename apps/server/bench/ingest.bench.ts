/**
 * `npm run bench:ingest`: field uplinks at a fixed rate through the broker into the database, as
 * the server runs them. Prints the sustained rate (messages committed per second while devices
 * publish) and the publish-to-queryable latency (from the publish time a device puts in the
 * message to the commit of the transaction that stored it; p50, p99, max; and p99 of the
 * publish-to-arrival part, the broker's share), per setup:
 * - embedded: PGlite in a temporary data folder and the embedded broker (aedes, its LevelDB in
 *   the same folder), both inside the ingest process: what `npm start` runs;
 * - external: PostgreSQL (DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test) and
 *   Mosquitto (MQTT_URL, or mqtt://127.0.0.1:1883), skipped when either does not answer.
 *
 * The ingest runs in a child process; this process plays the site gateways (one MQTT
 * connection per site) publishing for every radio in turn, QoS 1, a few readings per message.
 * Nothing leaves 127.0.0.1; temporary folders and databases are removed afterwards.
 *
 * Options: --rate R (messages/s, 10000) --duration S (20) --warmup S (3) --sites N (8)
 *          --radios-per-site M (250) --readings K (3) --batch MESSAGES (4000) --delay MS (50)
 *          --parallel N (batches in flight on PostgreSQL, 2) --setups embedded,external
 *          --runs N (5: each setup measured N times from a fresh database; every run's row is
 *          printed, then each setup's p99 of every run, since a single run's tail is noisy)
 * BENCH_CPU_PROF=folder writes the ingest process's CPU profile (node --cpu-prof) there.
 *          --rules (one set-point alarm rule per sensor, evaluated after every committed batch by
 *          the followup worker in the same process, as `npm start` runs it)
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runSetup, type Row, type RunOptions } from './ingest/harness.ts';
import { serve } from './ingest/ingest-child.ts';
import { recordRows } from './report.ts';
import type { ServeOptions, Setup } from './ingest/protocol.ts';

const { values: args } = parseArgs({
  options: {
    serve: { type: 'string' },
    rate: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    sites: { type: 'string', default: '8' },
    'radios-per-site': { type: 'string', default: '250' },
    readings: { type: 'string', default: '3' },
    batch: { type: 'string', default: '4000' },
    delay: { type: 'string', default: '50' },
    parallel: { type: 'string', default: '2' },
    setups: { type: 'string', default: 'embedded,external' },
    runs: { type: 'string', default: '5' },
    rules: { type: 'boolean', default: false },
  },
});

function positive(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
}

function runOptions(): RunOptions {
  return {
    rate: positive('rate', args.rate),
    durationMs: positive('duration', args.duration) * 1000,
    warmupMs: positive('warmup', args.warmup) * 1000,
    readings: positive('readings', args.readings),
    sites: positive('sites', args.sites),
    radiosPerSite: positive('radios-per-site', args['radios-per-site']),
    linksPerSite: 1,
    batch: {
      maxMessages: positive('batch', args.batch),
      maxDelayMs: positive('delay', args.delay),
    },
    parallel: positive('parallel', args.parallel),
    rules: args.rules === true,
  };
}

async function main(): Promise<void> {
  const setups = (args.setups ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name): name is Setup => name === 'embedded' || name === 'external');
  console.log(
    `ingest bench: ${args.rate} msg/s offered for ${args.duration} s (after ${args.warmup} s warm-up), ` +
      `${args.readings} readings per message, batches of up to ${args.batch} messages or ${args.delay} ms`,
  );
  const runs = Math.round(positive('runs', args.runs));
  const rows: (Row & { run: number })[] = [];
  for (const setup of setups) {
    for (let run = 1; run <= runs; run++) {
      const row = await runSetup(fileURLToPath(import.meta.url), setup, 'native', runOptions());
      if (!row) break;
      rows.push({ ...row, run });
    }
  }
  recordRows('ingest', rows);
  console.log('');
  console.log(
    'setup     run  offered/s  sustained/s  p50 ms  p99 ms  max ms  arrival p99 ms  committed/published  ingest CPU  publisher CPU  loop p99 ms  GC  WAL/msg  checkpoints',
  );
  for (const row of rows) {
    console.log(
      [
        row.setup.padEnd(9),
        String(row.run).padStart(3),
        row.offered.toFixed(0).padStart(9),
        row.sustained.toFixed(0).padStart(12),
        row.p50.toFixed(0).padStart(7),
        row.p99.toFixed(0).padStart(7),
        row.max.toFixed(0).padStart(7),
        row.arrivalP99.toFixed(0).padStart(15),
        `${row.committed}/${row.published}`.padStart(20),
        `${(row.ingestCpu * 100).toFixed(0)}%`.padStart(11),
        `${(row.publisherCpu * 100).toFixed(0)}%`.padStart(14),
        row.loopDelayP99.toFixed(0).padStart(12),
        `${(row.gcShare * 100).toFixed(0)}%`.padStart(3),
        (row.walBytesPerMessage === null
          ? '-'
          : `${(row.walBytesPerMessage / 1000).toFixed(1)} kB`
        ).padStart(8),
        (row.checkpoints === null ? '-' : String(row.checkpoints)).padStart(12),
      ].join(' '),
    );
  }
  console.log('');
  for (const setup of setups) {
    const mine = rows.filter((row) => row.setup === setup);
    if (mine.length === 0) continue;
    const p99s = mine.map((row) => row.p99.toFixed(0));
    const worst = Math.max(...mine.map((row) => row.p99));
    const slowest = Math.min(...mine.map((row) => row.sustained));
    console.log(
      `${setup}: p99 of each run ${p99s.join(', ')} ms (worst ${worst.toFixed(0)}); ` +
        `lowest sustained ${slowest.toFixed(0)} msg/s`,
    );
  }
  console.log(
    '\nembedded: PGlite + aedes in the ingest process; external: PostgreSQL + Mosquitto. ' +
      'Latency: device publish time to the commit that made the message queryable; arrival: ' +
      'publish time to the message reaching ingest (the broker and the sockets). Loop p99: how ' +
      "late the ingest process's timers ran; WAL/msg: PostgreSQL's WAL per message stored, and " +
      'checkpoints begun during the run (after one, latency climbs while pages are logged whole).',
  );
}

if (args.serve) {
  await serve(JSON.parse(args.serve) as ServeOptions);
} else {
  await main();
}
