/** The things of an area a report may hold series of: its sensors, radios and controls. */
import type { ReportSeries } from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';

/** Those of the series' things (sensor, radio or control) that are of the area. */
export async function seriesThingsOfArea(
  db: Database,
  areaId: number,
  series: readonly ReportSeries[],
) {
  return queryRows<{ thing_type: string; thing_id: number }>(
    db,
    sql`select thing_type, thing_id from (
          select 'sensor' as thing_type, id as thing_id, area_id from sensors
          union all select 'radio', id, area_id from radios
          union all select 'control', id, area_id from controls
        ) things
        where area_id = ${areaId}
          and (thing_type, thing_id) in (${sql.join(
            series.map((one) => sql`(${one.thing.type}, ${one.thing.id}::int)`),
            sql`, `,
          )})`,
  );
}
