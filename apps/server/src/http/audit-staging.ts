/**
 * Stages a mutating call's audit row in the first transaction its handler opens (issue 33 item
 * 1), with no change to the handlers: while the handler runs, its async context carries the call's
 * staging (AsyncLocalStorage), and the API's database wraps each outermost transaction so that one
 * opened in that context stages the row before it commits. Transactions nested in it are the
 * handler's own savepoints; later and concurrent ones of the same call stage nothing more.
 * Outside a call (the worker, ingest, a seed) a transaction is as it was.
 */
import type { FastifyRequest } from 'fastify';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../db/client.ts';

type Staging = {
  /** Writes the row in the transaction; answers its staged id. */
  stage: (tx: Database) => Promise<number>;
  /** A transaction of the call has taken the staging (it may yet roll back). */
  taken: boolean;
  /** The staged row's id, once its transaction committed. */
  staged: number | null;
};

const stagings = new AsyncLocalStorage<Staging>();
const stagedBy = new WeakMap<FastifyRequest, Staging>();

/** Runs the call's handler with its staging in reach of the transactions it opens. */
export function runStaging<T>(
  request: FastifyRequest,
  stage: Staging['stage'],
  handler: () => T,
): T {
  const staging: Staging = { stage, taken: false, staged: null };
  stagedBy.set(request, staging);
  return stagings.run(staging, handler);
}

/**
 * Ends the call's staging once its answer is ready, and answers the id of the row it staged with
 * its change (null if none committed). Transactions after it (the hook's own, work after the
 * answer that still runs in the call's async context) stage nothing.
 */
export function endStaging(request: FastifyRequest): number | null {
  const staging = stagedBy.get(request);
  if (!staging) return null;
  staging.taken = true;
  return staging.staged;
}

const WRAPPED = Symbol('audit staging');

/** Makes the database's outermost transactions stage the row of the call that opened them. */
export function stageInTransactions(db: Database): void {
  const marked = db as Database & { [WRAPPED]?: true };
  if (marked[WRAPPED]) return;
  marked[WRAPPED] = true;
  type Work = Parameters<Database['transaction']>[0];
  type Config = Parameters<Database['transaction']>[1];
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work: Work, config?: Config) => {
    const staging = stagings.getStore();
    if (!staging || staging.taken) return transaction(work, config);
    staging.taken = true;
    let id: number | null = null;
    try {
      const result = await transaction(async (tx) => {
        const answer = await work(tx);
        id = await staging.stage(tx as unknown as Database);
        return answer;
      }, config);
      staging.staged = id;
      return result;
    } catch (error) {
      // Rolled back with its change: a later transaction of the call may stage the row.
      staging.taken = false;
      throw error;
    }
  }) as Database['transaction'];
}
