import type { Database } from '../db/client.ts';
import type { AlarmRow } from './alarm.repository.ts';
import { readAlarmRules } from './alarm-rule.repository.ts';

/**
 * Rules of set-point alarms by alarm id, with the row version (xmin) they were read at, kept by
 * a followup handler for its database: the screen after every ingest batch names each alarm's
 * version, and only an alarm whose row changed since (or was never read) has its rule read
 * again. A farm's rules change seldom; they were most of the bytes each batch's screen returned.
 */
export type RuleCache = Map<number, { version: string; rule: AlarmRow['rule'] }>;
/** Past this many rules the cache starts over. */
const RULE_CACHE_LIMIT = 100_000;

/**
 * Reads again the rules of the screened alarms whose row version the cache does not hold (new,
 * changed, or never read), so the cache then holds every one of them still in the database.
 */
export async function refreshRules(
  tx: Database,
  screened: readonly { id: number; version: string }[],
  screenedRules: RuleCache,
): Promise<void> {
  const unread = screened.filter(
    (row) => screenedRules.get(Number(row.id))?.version !== row.version,
  );
  if (unread.length > 0) {
    if (screenedRules.size + unread.length > RULE_CACHE_LIMIT) screenedRules.clear();
    const read = await readAlarmRules(
      tx,
      unread.map((row) => Number(row.id)),
    );
    for (const row of read) {
      screenedRules.set(Number(row.id), { version: row.version, rule: row.rule });
    }
  }
}
