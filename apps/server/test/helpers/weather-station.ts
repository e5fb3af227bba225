/**
 * A sensor of a weather station on the test farm's irrigation area: tagged `weather`, as the
 * agronomy job finds a station's sensors, with one analog topic per metric. Returns its id.
 */
import type { SensorTopic } from '@paddock/domain';
import type { Database } from '../../src/db/client.ts';
import { sensors } from '../../src/db/schema.ts';
import type { TestFarm } from './farm.ts';
import { only } from './rows.ts';

/** An analog topic of a metric, as a weather station's sensor lists it. */
export const analogTopic = (metric: string): SensorTopic => ({
  metric,
  type: 'analog',
  lastValue: null,
  timestamp: null,
});

export async function addStationSensor(
  db: Database,
  farm: TestFarm,
  sensor: { type: string; label: string; metrics: string[] },
): Promise<number> {
  const rows = await db
    .insert(sensors)
    .values({
      siteId: farm.sites.a.id,
      areaId: farm.areas.irrigation.id,
      type: sensor.type,
      location: '[-39.64,176.84]',
      tags: { identifier: 'weather' },
      topics: sensor.metrics.map(analogTopic),
      label: sensor.label,
      serialno: `S-${sensor.label}`,
    })
    .returning();
  return only(rows).id;
}
