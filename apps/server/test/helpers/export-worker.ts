/**
 * The worker's export handling beside a test app, as the server runs it: the job queue, the
 * export service and the request dispatcher that hands it the export requests.
 */
import type PgBoss from 'pg-boss';
import { startExports } from '../../src/exports/export-service.ts';
import { startJobs } from '../../src/jobs/jobs.ts';
import { startDispatcher } from '../../src/requests/dispatcher.ts';
import { quietLog } from './field.ts';
import type { TestApp } from './test-app.ts';

/** The worker's export handling (jobs, the export service, the request dispatcher) for a test app. */
export async function startExportWorker(testApp: TestApp): Promise<{ close(): Promise<void> }> {
  const jobs: PgBoss = await startJobs({ handle: testApp.handle, log: quietLog });
  const exports = await startExports({
    db: testApp.db,
    clock: testApp.clock,
    log: quietLog,
    jobs,
    sweepIntervalMs: 200,
  });
  const dispatcher = await startDispatcher({
    db: testApp.db,
    clock: testApp.clock,
    log: quietLog,
    handlers: exports.handlers,
    pollIntervalMs: 50,
  });
  return {
    async close() {
      await dispatcher.close();
      await exports.close();
      // Gracefully: an export still being made finishes first. Stopped at once, pg-boss marks it
      // failed and closes; the export's own end then reaches a closed pool, an unhandled
      // rejection that failed a CI run whose every test had passed.
      await jobs.stop({ graceful: true, wait: true, timeout: 60_000 });
    },
  };
}
