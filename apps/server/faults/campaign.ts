/**
 * `npm run faults`: the faults a farm's night brings, each done to a running server while devices
 * report, then counted (issue 19). Every case starts from a fresh database and brokers of the
 * campaign's own (services.ts: its own PostgreSQL cluster and Mosquitto, never the machine's), runs
 * the server as `npm run serve` does (src/main.ts, killed with SIGKILL where the case says so),
 * and prints one row: readings lost (acknowledged by the broker and never stored), duplicated
 * (counted twice in the rollups), seconds from the fault's end until a ping completes again,
 * double actuations (a control one request opened twice), and requests left stuck.
 *
 * `-- --quick` runs the short subset `npm test` runs (test/flows/fault-campaign.test.ts: a server
 * kill -9 on PostgreSQL + Mosquitto, a Mosquitto kill of 3 s, a PostgreSQL restart; the embedded
 * kill -9 is field/ingest-crash.test.ts); `-- --cases a,b` picks cases by name.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MqttClient } from 'mqtt';
import pg from 'pg';
import { CASES, mountSmallDisk, useSmallDisk, type CaseSpec } from './cases.ts';
import {
  answerCommands,
  countActuations,
  countReadings,
  MESSAGES,
  pingUntilDone,
  publishReadings,
  STREAMS,
  valveTest,
} from './probes.ts';
import { sleep, startCluster, startMosquitto, type Cluster } from './services.ts';
import { closeStage, stage } from './stage.ts';

export type CaseResult = {
  name: string;
  lost: number;
  duplicated: number;
  recoverSeconds: number | null;
  doubleActuations: number;
  /** Zones of a run whose every command was acknowledged done that did not end irrigated. */
  wrongZones: number;
  stuck: number;
  note: string;
};

async function runCase(
  spec: CaseSpec,
  shared: { root: string; cluster: Cluster | null; index: number },
): Promise<CaseResult> {
  const database = `faults_${shared.index}_${randomBytes(3).toString('hex')}`;
  // A broker per case: sessions a case leaves behind (a killed process's) would otherwise take
  // their share of the next case's uplinks.
  const broker =
    spec.backend === 'postgres'
      ? await startMosquitto(path.join(shared.root, database, 'mosquitto'))
      : null;
  const stageOf = await stage(
    path.join(shared.root, database),
    spec.backend,
    spec.backend === 'postgres' ? shared.cluster : null,
    broker,
    database,
    spec.tablespace ? 'small' : null,
  );
  const clients: MqttClient[] = [];
  try {
    if (spec.servers) await spec.servers(stageOf);
    else await stageOf.start('server');
    clients.push(await answerCommands(stageOf));
    const streams = await publishReadings(stageOf, database);
    while (streams.acked < (STREAMS * MESSAGES) / 4) await sleep(20);

    const outcome = await spec.fault(stageOf);
    const {
      note,
      stuck = 0,
      wrongZones = 0,
    } = typeof outcome === 'string' ? { note: outcome } : outcome;
    const recoverSeconds = await pingUntilDone(stageOf);
    const valveOk = await valveTest(stageOf);
    await streams.done;

    // Wait for ingest to store what the broker took (or give up after a while).
    let counted = { stored: 0, duplicated: 0 };
    for (let waited = 0; waited < 60_000; waited += 2000) {
      if (stageOf.backend === 'embedded') {
        // One process per PGlite folder: stop the server to look, start it again to go on.
        await sleep(2000);
        for (const server of stageOf.servers) await stageOf.kill(server, 'SIGTERM');
        counted = await countReadings(stageOf, streams);
        if (counted.stored >= streams.acked) break;
        await stageOf.start('server');
      } else {
        counted = await countReadings(stageOf, streams);
        if (counted.stored >= streams.acked) break;
        await sleep(2000);
      }
    }
    const actuations = await countActuations(stageOf);
    return {
      name: spec.name,
      lost: Math.max(0, streams.acked - counted.stored),
      duplicated: counted.duplicated,
      recoverSeconds,
      doubleActuations: actuations.doubleActuations,
      wrongZones,
      stuck: actuations.stuck + stuck,
      note: [
        note,
        streams.resent > 0 ? `devices sent ${streams.resent} uplinks again` : '',
        recoverSeconds === null ? 'PING NOT DONE' : 'ping done',
        valveOk ? 'valve test done' : 'VALVE TEST NOT DONE',
      ]
        .filter(Boolean)
        .join('; '),
    };
  } catch (error) {
    for (const server of stageOf.servers) {
      process.stderr.write(
        `--- ${server.name}, last lines:\n${server.log.slice(-15).join('\n')}\n`,
      );
    }
    throw error;
  } finally {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await closeStage(stageOf);
    await broker?.kill();
    // FAULTS_LOGS=folder keeps every server's log of every case there.
    const logs = process.env.FAULTS_LOGS;
    if (logs) {
      mkdirSync(logs, { recursive: true });
      stageOf.servers.forEach((server, i) =>
        writeFileSync(
          path.join(logs, `${spec.name.replace(/\W+/g, '-')}-${i}-${server.name}.log`),
          server.log.join('\n'),
        ),
      );
    }
  }
}

function formatTable(results: CaseResult[]): string {
  const header = [
    'case',
    'lost',
    'duplicated',
    'recover s',
    'double actuations',
    'wrong zone results',
    'stuck',
    'note',
  ];
  const rows = results.map((r) => [
    r.name,
    String(r.lost),
    String(r.duplicated),
    r.recoverSeconds === null ? 'never' : r.recoverSeconds.toFixed(1),
    String(r.doubleActuations),
    String(r.wrongZones),
    String(r.stuck),
    r.note,
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}

export async function runCampaign(options: { quick: boolean; only: string[] | null }) {
  const root = mkdtempSync(path.join(tmpdir(), 'paddock-faults-'));
  // The cluster's user (postgres, when this runs as root) must reach its folders inside.
  chmodSync(root, 0o755);
  const cases = CASES.filter((spec) =>
    options.only
      ? options.only.some((name) => spec.name.toLowerCase().includes(name.toLowerCase()))
      : !options.quick || spec.quick,
  );
  let cluster: Cluster | null = null;
  let small: string | null = null;
  const results: CaseResult[] = [];
  try {
    if (cases.some((spec) => spec.backend === 'postgres')) {
      cluster = await startCluster(path.join(root, 'postgres'));
    }
    if (cases.some((spec) => spec.tablespace) && cluster) {
      small = mountSmallDisk(root);
      if (small) {
        useSmallDisk(small);
        const admin = new pg.Client({ connectionString: cluster.url });
        await admin.connect();
        await admin.query(`CREATE TABLESPACE small LOCATION '${path.join(small, 'space')}'`);
        await admin.end();
      }
    }
    for (const [index, spec] of cases.entries()) {
      if (spec.tablespace && !small) {
        results.push({
          name: spec.name,
          lost: 0,
          duplicated: 0,
          recoverSeconds: null,
          doubleActuations: 0,
          wrongZones: 0,
          stuck: 0,
          note: 'SKIPPED: mounting a small tmpfs needs root',
        });
        continue;
      }
      const started = Date.now();
      process.stderr.write(`faults: ${spec.name}…\n`);
      try {
        results.push(await runCase(spec, { root, cluster, index }));
      } catch (error) {
        results.push({
          name: spec.name,
          lost: -1,
          duplicated: -1,
          recoverSeconds: null,
          doubleActuations: -1,
          wrongZones: -1,
          stuck: -1,
          note: `CASE FAILED: ${String(error).split('\n')[0]}`,
        });
        process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
      }
      process.stderr.write(
        `faults: ${spec.name}: ${Math.round((Date.now() - started) / 1000)} s: ` +
          `${JSON.stringify(results.at(-1))}\n`,
      );
    }
  } finally {
    try {
      cluster?.stop('immediate');
    } catch {
      // Already stopped.
    }
    if (small) execFileSync('umount', ['-l', small], { stdio: 'ignore' });
    rmSync(root, { recursive: true, force: true });
  }
  return results;
}

/** A case passes with nothing lost, duplicated, actuated twice or stuck, and a ping again. */
export function passed(result: CaseResult): boolean {
  return (
    result.lost === 0 &&
    result.duplicated === 0 &&
    result.doubleActuations === 0 &&
    result.wrongZones === 0 &&
    result.stuck === 0 &&
    result.recoverSeconds !== null &&
    !/NOT DONE|FAILED|EXITED/.test(result.note)
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const casesArg = args.indexOf('--cases');
  const only = casesArg >= 0 ? (args[casesArg + 1] ?? '').split(',') : null;
  const results = await runCampaign({ quick: args.includes('--quick'), only });
  console.log(formatTable(results));
  writeFileSync(path.join(tmpdir(), 'paddock-faults-last.json'), JSON.stringify(results, null, 2));
  process.exit(results.every(passed) ? 0 : 1);
}
