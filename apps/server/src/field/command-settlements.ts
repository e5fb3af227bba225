/**
 * Who hears about a settled command: the settlement goes through a pg-boss queue, so a listener
 * (the runner) runs in whichever worker process is free, even when another process heard the ack
 * or swept the deadline, and runs again if it throws. Delivery is at least once: a settlement is
 * queued, then recorded as announced; a process that dies in between leaves it unannounced, and
 * the deadline sweep announces it again.
 */
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import type { Clock } from '../clock.ts';
import { ensureQueue } from '../jobs/jobs.ts';
import type { Log } from '../log.ts';
import {
  settledSchema,
  settlementOf,
  type CommandRow,
  type CommandSettled,
} from './command-rules.ts';
import { markAnnounced, unannouncedSettled } from './field-command.repository.ts';

/** The queue settlements travel on to the listeners. */
export const COMMAND_SETTLED_QUEUE = 'field-command-settled';

/** A settled command not announced this long after is taken as forgotten by a dead process. */
const UNANNOUNCED_GRACE_MS = 5000;

/** A settlement's listeners only queue a job: one still active after this had its worker die. */
const SETTLEMENT_EXPIRY_SECONDS = 10;

type SettlementListener = (settled: CommandSettled) => void | Promise<void>;

export type Settlements = {
  /** Queues the settlements of these rows (those settled) for the listeners. */
  announce(rows: CommandRow[]): Promise<void>;
  /** Announces settled commands whose settlement was never queued (their process died first). */
  announceForgotten(): Promise<void>;
  onSettled(listener: SettlementListener): void;
  /** Stops hearing settlements; one being heard finishes first. */
  close(): Promise<void>;
};

export async function startSettlements(deps: {
  db: Database;
  clock: Clock;
  log: Log;
  jobs: PgBoss;
}): Promise<Settlements> {
  const { db, clock, log, jobs } = deps;
  const listeners: SettlementListener[] = [];
  let closed = false;

  await ensureQueue(jobs, COMMAND_SETTLED_QUEUE, {
    retryLimit: 5,
    retryDelay: 2,
    // A worker that dies while hearing a settlement leaves its job active: after this it is
    // retried elsewhere, well before the run that waits for it gives the command up (60 s).
    expireInSeconds: SETTLEMENT_EXPIRY_SECONDS,
  });

  /**
   * The settlement worker starts with the first listener: a worker without listeners would take
   * settlements (also other processes') and hear them with nobody listening.
   */
  let settledWorker: Promise<string> | null = null;
  const startSettledWorker = () =>
    jobs.work<unknown>(COMMAND_SETTLED_QUEUE, { batchSize: 20 }, async (batch) => {
      if (closed) throw new Error('command sender closed');
      for (const job of batch) {
        const parsed = settledSchema.safeParse(job.data);
        if (!parsed.success) {
          log.error({ job: job.id, issues: parsed.error.issues }, 'bad command settlement job');
          await jobs.fail(COMMAND_SETTLED_QUEUE, job.id, { message: 'bad payload' });
          continue;
        }
        try {
          for (const listener of listeners) await listener(parsed.data);
        } catch (error) {
          // Only this job runs again; the rest of the batch is complete.
          log.error({ err: error, commandId: parsed.data.commandId }, 'command listener failed');
          await jobs.fail(COMMAND_SETTLED_QUEUE, job.id, { message: String(error) });
        }
      }
    });

  /**
   * Queues the settlements for the listeners, then records that it did: a process that dies in
   * between leaves `announcedAt` null, and the deadline sweep announces the command again
   * (listeners hear a settlement at least once).
   */
  async function announce(rows: CommandRow[]) {
    const announced: string[] = [];
    for (const row of rows) {
      const settled = settlementOf(row);
      if (!settled) continue;
      log.info(
        { commandId: row.id, requestId: row.requestId, status: row.status, reason: row.reason },
        'command settled',
      );
      await jobs.send(COMMAND_SETTLED_QUEUE, settled);
      announced.push(row.id);
    }
    if (announced.length === 0) return;
    await markAnnounced(db, announced, clock.now());
    // This process's worker looks now instead of at its next poll.
    if (settledWorker) jobs.notifyWorker(await settledWorker);
  }

  return {
    announce,
    async announceForgotten() {
      const before = new Date(clock.now().getTime() - UNANNOUNCED_GRACE_MS);
      const forgotten = await unannouncedSettled(db, before);
      if (forgotten.length === 0) return;
      log.warn(
        { commands: forgotten.map((row) => row.id) },
        'settled commands never announced (their process died): announcing them now',
      );
      await announce(forgotten);
    },
    onSettled(listener) {
      listeners.push(listener);
      if (!settledWorker) {
        settledWorker = startSettledWorker();
        settledWorker.catch((error: unknown) =>
          log.error({ err: error }, 'command settlement worker not started'),
        );
      }
    },
    async close() {
      closed = true;
      if (settledWorker) await jobs.offWork({ id: await settledWorker });
    },
  };
}
