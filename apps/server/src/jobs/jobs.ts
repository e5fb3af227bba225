/**
 * Durable jobs (pg-boss) in the server's own database: delayed work that must survive a restart
 * and run in only one process when several run (a control test's close, the program runner's
 * steps). pg-boss keeps its tables in its own `pgboss` schema, next to ours.
 *
 * On PostgreSQL pg-boss shares the server's pool instead of opening a second one. PGlite has no
 * pool; pg-boss takes any `db` with `executeSql`, so a small adapter hands it the interactive
 * lane's `query` (one statement with parameters) or `exec` (pg-boss's parameterless scripts of
 * several statements, e.g. its migrations wrapped in BEGIN … COMMIT): a program's next step is
 * live work, not background work (db/lanes.ts).
 */
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import type { PgliteLane } from '../db/lanes.ts';
import type { Log } from '../log.ts';

/**
 * How often an idle worker asks for new jobs. pg-boss refuses less than 0.5 s; a runner step
 * or a test close waits at most this long past its start time.
 */
const JOB_POLLING_INTERVAL_SECONDS = 0.5;

/**
 * How often pg-boss looks for jobs whose process died while running them (active past their
 * queue's expiry) and puts them back for a retry. Its default, 120 s, would leave a settled
 * command unheard longer than a program run waits for it (command timeout and grace, 60 s).
 */
const JOB_MAINTENANCE_INTERVAL_SECONDS = 5;

/**
 * Creates a queue, or brings an existing one's options up to date: createQueue leaves an
 * existing queue as it was, so a changed expiry or retry would otherwise never reach a database
 * that had the queue already.
 */
export async function ensureQueue(
  jobs: PgBoss,
  name: string,
  options: Omit<PgBoss.Queue, 'name'>,
): Promise<void> {
  await jobs.createQueue(name, { name, ...options });
  await jobs.updateQueue(name, { name, ...options });
}

type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

function pgliteExecuteSql(pglite: PgliteLane): ExecuteSql {
  return async (text, values) => {
    if (values !== undefined) return pglite.query(text, values);
    const results = await pglite.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  };
}

export async function startJobs(deps: {
  handle: DatabaseHandle;
  log: Pick<Log, 'info' | 'error'>;
}): Promise<PgBoss> {
  const { client } = deps.handle;
  const executeSql: ExecuteSql =
    client.kind === 'postgres'
      ? (text, values) => client.pool.query(text, values)
      : pgliteExecuteSql(client.pglite);
  const boss = new PgBoss({
    db: { executeSql: executeSql as PgBoss.Db['executeSql'] },
    pollingIntervalSeconds: JOB_POLLING_INTERVAL_SECONDS,
    maintenanceIntervalSeconds: JOB_MAINTENANCE_INTERVAL_SECONDS,
  });
  // An EventEmitter throws on an unheard 'error': pg-boss reports failed maintenance runs there.
  boss.on('error', (error) => deps.log.error({ err: error }, 'job queue error'));
  await boss.start();
  deps.log.info({ engine: client.kind }, 'job queue started');
  return boss;
}
