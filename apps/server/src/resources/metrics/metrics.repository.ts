/** SQL of the metrics table: as the calls read it, and the rows ensure-metrics.ts keeps at start-up. */
import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { metrics } from '../../db/schema.ts';
import type { MetricRow } from './metric.presenter.ts';

/** Every metric, by id. */
export async function listMetrics(db: Database): Promise<MetricRow[]> {
  return db.select().from(metrics).orderBy(asc(metrics.id));
}

/** Inserts the metrics that are missing and brings the name, label and unit of the others up to date. */
export async function upsertMetrics(
  db: Database,
  rows: (typeof metrics.$inferInsert)[],
): Promise<void> {
  await db
    .insert(metrics)
    .values(rows)
    .onConflictDoUpdate({
      target: metrics.id,
      set: {
        name: sql`excluded.name`,
        label: sql`excluded.label`,
        unit: sql`excluded.unit`,
      },
    });
}
