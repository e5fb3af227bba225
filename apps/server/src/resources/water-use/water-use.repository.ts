/**
 * What water use is computed from: the totals of an area's water meters and the `running`
 * readings of its zone valves over a window, plus each valve's last reading before the window
 * (a valve open when the window starts ran from its start).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../../db/client.ts';

export type WaterUseSource = {
  timezone: { config: unknown; country: string | undefined } | null;
  sections: { id: number; label: string }[];
  /** Per meter (sensor id), its water.total readings in time order. */
  meters: Map<number, { time: number; total: number }[]>;
  /** Per section, per valve, its running readings (the one before `from` first, when any). */
  valves: Map<number, Map<number, { time: number; value: number }[]>>;
};

const toMs = (value: Date | string) => new Date(value).getTime();

export async function readWaterUseSource(
  db: Queryable,
  areaId: number,
  window: { from: Date; to: Date },
): Promise<WaterUseSource> {
  const [site] = await queryRows<{ config: unknown; tags: { country?: string } }>(
    db,
    sql`select s.config, s.tags from areas a join sites s on s.id = a.site_id where a.id = ${areaId}`,
  );
  const sections = await queryRows<{ id: number; label: string }>(
    db,
    sql`select id, label from sections where area_id = ${areaId} order by id`,
  );
  const meterRows = await queryRows<{ sensor: number; time: Date | string; value: number }>(
    db,
    sql`select se.thing_id as sensor, r.time, r.value
        from sensors s
        join series se on se.thing_type = 'sensor' and se.thing_id = s.id and se.metric = 'water.total'
        join readings r on r.series_id = se.id
        where s.area_id = ${areaId} and s.type = 'watermeter'
          and r.time >= ${window.from.toISOString()} and r.time < ${window.to.toISOString()}
        order by se.thing_id, r.time`,
  );
  const meters = new Map<number, { time: number; total: number }[]>();
  for (const row of meterRows) {
    const samples = meters.get(Number(row.sensor)) ?? [];
    samples.push({ time: toMs(row.time), total: Number(row.value) });
    meters.set(Number(row.sensor), samples);
  }
  const valves = await readZoneValveReadings(db, areaId, window);
  return {
    timezone: site ? { config: site.config, country: site.tags?.country } : null,
    sections: sections.map((row) => ({ id: Number(row.id), label: row.label })),
    meters,
    valves,
  };
}

/**
 * Per zone (section), per valve, the valves' `running` readings (1 open, 0 closed) in a window,
 * each valve's last reading before it first: a valve open when the window starts ran from then.
 */
export async function readZoneValveReadings(
  db: Queryable,
  areaId: number,
  window: { from: Date; to: Date },
): Promise<WaterUseSource['valves']> {
  const valveRows = await queryRows<{
    section: number;
    control: number;
    time: Date | string;
    value: number;
  }>(
    db,
    sql`select c.section_id as section, c.id as control, r.time, r.value
        from controls c
        join series se on se.thing_type = 'control' and se.thing_id = c.id and se.metric = 'running'
        join lateral (
          (select time, value from readings
            where series_id = se.id and time < ${window.from.toISOString()}
            order by time desc limit 1)
          union all
          (select time, value from readings
            where series_id = se.id
              and time >= ${window.from.toISOString()} and time < ${window.to.toISOString()})
        ) r on true
        where c.area_id = ${areaId} and c.section_id is not null
          and c.type in ('valve', 'valveAddon')
        order by c.id, r.time`,
  );
  const valves = new Map<number, Map<number, { time: number; value: number }[]>>();
  for (const row of valveRows) {
    const section = valves.get(Number(row.section)) ?? new Map();
    valves.set(Number(row.section), section);
    const readings = section.get(Number(row.control)) ?? [];
    readings.push({ time: toMs(row.time), value: Number(row.value) });
    section.set(Number(row.control), readings);
  }
  return valves;
}
