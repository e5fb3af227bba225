/**
 * `npm run bench:lorawan`: ChirpStack v4 uplinks at a fixed rate through the broker, taken by the
 * ingest role's network server links into the database, beside the native protocol's uplinks at
 * the same rate in the same run (issue 32). Prints, per setup and protocol, the rate stored
 * (messages of the window stored per second) and publish-to-queryable latency (from the time a
 * message carries, the network server's time of the frame or the native message's time, to the
 * commit that stored it: p50, p99, max; and p99 of the publish-to-arrival part, the broker's).
 * Setups as in bench:ingest:
 * - embedded: PGlite in a temporary data folder and the embedded broker (aedes), both in the
 *   ingest process: what `npm start` runs;
 * - external: PostgreSQL (DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test) in a
 *   temporary database, and Mosquitto (MQTT_URL, or mqtt://127.0.0.1:1883); skipped when either
 *   does not answer.
 *
 * The deployment: 8 sites of 125 radios (1,000 LoRaWAN devices, each with its own frame
 * counter), each site with one ChirpStack link (its own application) on one network server, as
 * an installer's ChirpStack serving several farms is set up; --links-per-site spreads a site's
 * radios over several applications (a site may have up to 10). Each radio carries a soil probe
 * sensor; the network server publishes a Dragino LSE01's decoded uplink (three readings and a
 * battery voltage, two gateways' rxInfo) with the next fCnt, QoS 1, from one connection. The
 * native devices are the same radios, publishing three readings per message from one gateway
 * connection per site. Each row is measured from a fresh database.
 *
 * Options: --rate R (messages/s, 5000) --duration S (20) --warmup S (3) --sites N (8)
 *          --radios-per-site M (125) --links-per-site L (1) --batch MESSAGES (4000)
 *          --delay MS (50) --parallel N (2) --setups embedded,external
 *          --protocols native,chirpstack --runs N (1)
 */
import { MAX_NETWORK_LINKS_PER_SITE } from '@paddock/domain';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runSetup, type Row, type RunOptions } from './ingest/harness.ts';
import { serve } from './ingest/ingest-child.ts';
import type { Protocol, ServeOptions, Setup } from './ingest/protocol.ts';
import { positive, printTable } from './report.ts';

const { values: args } = parseArgs({
  options: {
    serve: { type: 'string' },
    rate: { type: 'string', default: '5000' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    sites: { type: 'string', default: '8' },
    'radios-per-site': { type: 'string', default: '125' },
    'links-per-site': { type: 'string', default: '1' },
    batch: { type: 'string', default: '4000' },
    delay: { type: 'string', default: '50' },
    parallel: { type: 'string', default: '2' },
    setups: { type: 'string', default: 'embedded,external' },
    protocols: { type: 'string', default: 'native,chirpstack' },
    runs: { type: 'string', default: '1' },
  },
});

function names<T extends string>(text: string | undefined, known: readonly T[]): T[] {
  return (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name): name is T => (known as readonly string[]).includes(name));
}

async function main(): Promise<void> {
  const linksPerSite = positive('links-per-site', args['links-per-site']);
  if (linksPerSite > MAX_NETWORK_LINKS_PER_SITE) {
    throw new Error(
      `--links-per-site is at most ${MAX_NETWORK_LINKS_PER_SITE}, as a site's links are`,
    );
  }
  const options: RunOptions = {
    rate: positive('rate', args.rate),
    durationMs: positive('duration', args.duration) * 1000,
    warmupMs: positive('warmup', args.warmup) * 1000,
    readings: 3,
    sites: positive('sites', args.sites),
    radiosPerSite: positive('radios-per-site', args['radios-per-site']),
    linksPerSite,
    batch: {
      maxMessages: positive('batch', args.batch),
      maxDelayMs: positive('delay', args.delay),
    },
    parallel: positive('parallel', args.parallel),
    rules: false,
  };
  const setups = names<Setup>(args.setups, ['embedded', 'external']);
  const protocols = names<Protocol>(args.protocols, ['native', 'chirpstack']);
  const runs = positive('runs', args.runs);
  console.log(
    `lorawan bench: ${options.rate} msg/s offered for ${args.duration} s (after ${args.warmup} s ` +
      `warm-up), ${options.sites * options.radiosPerSite} radios on ${options.sites} sites, ` +
      `${linksPerSite} ChirpStack link(s) per site`,
  );
  const rows: (Row & { run: number })[] = [];
  const script = fileURLToPath(import.meta.url);
  for (const setup of setups) {
    for (let run = 1; run <= runs; run++) {
      for (const protocol of protocols) {
        const row = await runSetup(script, setup, protocol, options);
        if (row) rows.push({ ...row, run });
      }
    }
  }
  console.log('');
  printTable(
    [
      'setup',
      'protocol',
      'run',
      'offered/s',
      'stored/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      'arrival p99 ms',
      'stored/published',
      'ingest CPU',
    ],
    rows.map((row) => [
      row.setup,
      row.protocol,
      String(row.run),
      row.offered.toFixed(0),
      row.sustained.toFixed(0),
      row.p50.toFixed(0),
      row.p99.toFixed(0),
      row.max.toFixed(0),
      row.arrivalP99.toFixed(0),
      `${row.committed}/${row.published}`,
      `${(row.ingestCpu * 100).toFixed(0)}%`,
    ]),
  );
  console.log(
    '\nembedded: PGlite + aedes in the ingest process; external: PostgreSQL + Mosquitto. ' +
      'stored/s: messages published in the window and stored, per second of the window (or of ' +
      'the time their commits took, when longer). Latency: the time the message carries to the ' +
      'commit that made it queryable; arrival: to the message reaching its subscriber. ' +
      'Ingest CPU: of one core, over the window.',
  );
}

if (args.serve) {
  await serve(JSON.parse(args.serve) as ServeOptions);
} else {
  await main();
}
