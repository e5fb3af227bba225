/**
 * Runs a long-lived entry point (`npm run serve`, `npm start`) until SIGINT or SIGTERM, then
 * stops it in order. A start-up problem a person can fix ends it with its one line; anything
 * else with its stack.
 */
import type { FastifyBaseLogger } from 'fastify';
import { startupProblem } from './startup-errors.ts';

export type Running = { log: FastifyBaseLogger; close: () => Promise<void> };

export function runUntilStopped(start: () => Promise<Running>): void {
  start().then(
    (running) => {
      let stopping = false;
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.once(signal, () => {
          if (stopping) return;
          stopping = true;
          running.log.info({ signal }, 'shutting down');
          running.close().then(
            () => process.exit(0),
            (error: unknown) => {
              console.error(error);
              process.exit(1);
            },
          );
        });
      }
    },
    (error: unknown) => {
      console.error(startupProblem(error) ?? error);
      process.exit(1);
    },
  );
}
