/**
 * The ET0 days' SQL (agronomy/et0-days.ts): a station's computed days from a local date on are
 * replaced by the recomputed ones, in the station's transaction.
 */
import type { StationEt0Day } from '@paddock/domain';
import { and, eq, gte } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { et0Days } from '../db/schema.ts';

/** Rows per insert: a back-filled year of days stays well inside a statement's parameter limit. */
const INSERT_CHUNK = 200;

/** Replaces the station's days from `fromDate` (YYYY-MM-DD, local) on with `days`. */
export async function replaceEt0Days(
  tx: Database,
  station: { areaId: number; siteId: number },
  fromDate: string,
  days: readonly StationEt0Day[],
  now: Date,
): Promise<void> {
  await tx
    .delete(et0Days)
    .where(and(eq(et0Days.areaId, station.areaId), gte(et0Days.date, fromDate)));
  for (let index = 0; index < days.length; index += INSERT_CHUNK) {
    await tx.insert(et0Days).values(
      days.slice(index, index + INSERT_CHUNK).map((day) => ({
        areaId: station.areaId,
        siteId: station.siteId,
        date: day.date,
        et0: day.et0,
        inputs: day.inputs,
        computedAt: now,
      })),
    );
  }
}
