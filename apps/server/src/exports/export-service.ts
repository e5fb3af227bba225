/**
 * The worker side of exports (§3 request action export): the dispatcher hands each new export
 * request to this service, which queues a durable job (pg-boss) keyed by the request, so a restart
 * resumes it and a retried job never stores a second copy (finishExport is conditional). A sweep
 * re-queues exports whose job was lost (a process that died between claiming and queueing) and
 * deletes files kept past their time.
 */
import { EXPORT_KEEP_HOURS, idSchema } from '@paddock/domain';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import type { PeopleFirst } from '../db/lanes.ts';
import { ensureQueue } from '../jobs/jobs.ts';
import { repeatEvery } from '../jobs/repeat.ts';
import type { Log } from '../log.ts';
import type { RequestHandlers } from '../requests/dispatcher.ts';
import { setRequestStatus } from '../requests/request.repository.ts';
import { chunkWriter } from './chunk-writer.ts';
import {
  askOfRow,
  clearExportChunks,
  deleteExpiredFiles,
  failExport,
  findExport,
  finishExport,
  setExportProgress,
  unfinishedExports,
} from './export.repository.ts';
import { makeReport } from './make-report.ts';
import { paceOf } from './pace.ts';
import { ReportTooLarge } from '../reports/generic-report.ts';

const EXPORT_QUEUE = 'report-export';
/** An export claimed this long ago and not finished has lost its job: it is queued again. */
const LOST_AFTER_MS = 2 * 60_000;
const SWEEP_INTERVAL_MS = 30_000;

const jobSchema = z.object({ requestId: idSchema });

export async function startExports(deps: {
  db: Database;
  clock: Clock;
  log: Log;
  jobs: PgBoss;
  /** People's requests of this process, which a file's making yields to (db/lanes.ts). */
  people?: PeopleFirst;
  sweepIntervalMs?: number;
}): Promise<{ handlers: RequestHandlers; close(): Promise<void> }> {
  const { db, clock, log, jobs, people } = deps;
  const pace = paceOf(people);
  await ensureQueue(jobs, EXPORT_QUEUE, {
    // One job per request waiting and one running: a re-queue while it runs waits, then finds it done.
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 5,
    expireInSeconds: 15 * 60,
  });

  const queue = (requestId: number) =>
    jobs.send(EXPORT_QUEUE, { requestId }, { singletonKey: String(requestId) });

  async function run(requestId: number) {
    const row = await findExport(db, requestId);
    if (!row || !['pending', 'inProgress'].includes(row.request.status)) return;
    await setRequestStatus(db, requestId, 'inProgress', clock.now());
    try {
      // A retried job starts the file again: what an earlier attempt wrote is dropped first.
      await clearExportChunks(db, requestId);
      const sink = chunkWriter(db, requestId);
      const file = await makeReport(
        db,
        askOfRow(row),
        clock.now(),
        (percent) => setExportProgress(db, requestId, percent),
        sink,
        pace,
      );
      const size = await sink.close();
      const now = clock.now();
      const stored = await finishExport(
        db,
        requestId,
        {
          size,
          name: file.name,
          expiresAt: new Date(now.getTime() + EXPORT_KEEP_HOURS * 3_600_000),
        },
        now,
      );
      log.info({ requestId, bytes: size, stored }, 'export made');
    } catch (error) {
      log.error({ err: error, requestId }, 'export failed');
      await clearExportChunks(db, requestId);
      await failExport(
        db,
        requestId,
        error instanceof ReportTooLarge ? error.message : 'The report could not be made',
        clock.now(),
      );
    }
  }

  const worker = await jobs.work<unknown>(EXPORT_QUEUE, async ([job]) => {
    if (!job) return;
    await run(jobSchema.parse(job.data).requestId);
  });

  const sweep = repeatEvery({
    intervalMs: deps.sweepIntervalMs ?? SWEEP_INTERVAL_MS,
    first: 'after-interval',
    round: async () => {
      const now = clock.now();
      for (const requestId of await unfinishedExports(
        db,
        new Date(now.getTime() - LOST_AFTER_MS),
      )) {
        await queue(requestId);
      }
      await deleteExpiredFiles(db, now);
    },
    onError: (error) => log.error({ err: error }, 'export sweep failed'),
  });

  const take = async (request: { id: number }) => {
    await queue(request.id);
    await setRequestStatus(db, request.id, 'inProgress', clock.now());
  };

  return {
    handlers: {
      area: { export: take },
      site: { export: take },
    },
    async close() {
      await sweep.close();
      await jobs.offWork({ id: worker });
    },
  };
}
