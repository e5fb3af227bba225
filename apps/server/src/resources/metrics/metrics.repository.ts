/** SQL of the metrics table as the calls read it (ensure-metrics.ts keeps its rows at start-up). */
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { metrics } from '../../db/schema.ts';
import type { MetricRow } from './metric.presenter.ts';

/** Every metric, by id. */
export async function listMetrics(db: Database): Promise<MetricRow[]> {
  return db.select().from(metrics).orderBy(asc(metrics.id));
}
