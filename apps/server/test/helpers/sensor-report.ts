/**
 * What the ingest writer commits when a sensor reports one analog metric: the sensor's latest
 * value and the batch's followup, in one transaction. For tests and benches that drive the
 * followup worker (alarm rules) without a broker.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';
import { recordFollowup } from '../../src/ingest/followups.ts';

export function commitSensorReport(
  db: Database,
  report: { sensor: number; metric: string; value: number; at?: Date },
): Promise<void> {
  return db.transaction(async (tx) => {
    await tx
      .update(schema.sensors)
      .set({
        topics: [
          {
            metric: report.metric,
            type: 'analog',
            lastValue: report.value,
            timestamp: (report.at ?? new Date()).toISOString(),
          },
        ],
      })
      .where(eq(schema.sensors.id, report.sensor));
    await recordFollowup(tx, {
      sensors: [report.sensor],
      controls: [],
      radios: [],
      units: [],
      readingsInserted: 1,
      deadLettered: 0,
    });
  });
}
