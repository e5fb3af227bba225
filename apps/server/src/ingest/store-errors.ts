/**
 * How ingest reads a failed store: whether the database's state or the batch's content made it
 * fail, how long to wait before the next try, and the database's own words for a dead letter.
 */
import { MAX_REASON_LENGTH } from './uplink.ts';

/** Words of the database errors that pass (see TRANSIENT_DEAD_LETTER in dead-letter-replay.ts). */
export const TRANSIENT_REASON_PATTERN =
  'no space left|disk full|could not extend|could not write|out of memory|too many clients|' +
  'connection|terminating|shutting down|starting up|timeout|canceling statement|recovery mode';

export function backoff(attempt: number): number {
  return Math.min(100 * 2 ** attempt, 10_000);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * PostgreSQL errors that come from concurrency or the server's state, not from the data:
 * deadlock, serialization failure, lock not available, a full disk or exhausted resources
 * (class 53), a lost connection (class 08), a server shutting down (57P0x), a cancelled
 * statement (57014). Such a batch is tried again until it is stored: a full disk must not turn
 * valid readings into dead letters.
 */
export function isTransient(error: unknown): boolean {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return (
    code === '40P01' ||
    code === '40001' ||
    code === '55P03' ||
    code === '57014' ||
    /^(53|08|57P0)/.test(code)
  );
}

/** The database's own words: drizzle wraps them in a message that repeats the whole query. */
export function errorText(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const text = cause instanceof Error ? cause.message : String(cause);
  return text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH)}…` : text;
}
