/**
 * The worker's round over staged audit rows (issue 33 item 1, audit.repository.ts stageAudit):
 * what the worker itself staged with its changes (product actions), and a call's row its answer
 * did not chain because the process stopped in between, move into their sites' chains here.
 */
import type { Database } from '../db/client.ts';
import { repeatEvery } from '../jobs/repeat.ts';
import type { Log } from '../log.ts';
import { chainAllStaged } from './audit.repository.ts';

/** How often staged rows are looked for. */
const CHAINING_INTERVAL_MS = 15_000;

export function startAuditChaining(deps: { db: Database; log: Log; intervalMs?: number }): {
  close(): Promise<void>;
} {
  const { db, log } = deps;
  return repeatEvery({
    intervalMs: deps.intervalMs ?? CHAINING_INTERVAL_MS,
    first: 'now',
    round: async () => {
      await chainAllStaged(db);
    },
    onError: (error) => log.error({ err: error }, 'audit chaining round failed'),
  });
}
