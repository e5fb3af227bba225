/** Metric rows as the console reads them (GET metrics/list). */
import type { Metric } from '@paddock/domain';
import type { metrics } from '../../db/schema.ts';

export type MetricRow = typeof metrics.$inferSelect;

export function presentMetric(row: MetricRow): Metric {
  return { id: row.id, name: row.name, unit: row.unit };
}
