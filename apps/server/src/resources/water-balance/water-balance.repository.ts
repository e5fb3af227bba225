/**
 * What an area's water balance reads beyond the ET0 days (et0.repository.ts), the rain gauge
 * (telemetry/skip-inputs.repository.ts) and the irrigation (water-use and irrigation-history
 * repositories): the area's settings, its zones, its site's config, and its zones' soil probes.
 */
import { WEATHER_LAYER_MARKER_TYPES, type SiteConfig, type SiteTags } from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../../db/client.ts';

export type WaterBalanceAreaRow = {
  siteId: number;
  /** The area's settings as stored: parsed by the caller. */
  settings: unknown;
  config: SiteConfig | null;
  tags: SiteTags;
  sections: { id: number; label: string }[];
};

/** The area with its site and zones (by number); undefined when there is no such area. */
export async function readWaterBalanceArea(
  db: Queryable,
  areaId: number,
): Promise<WaterBalanceAreaRow | undefined> {
  const [area] = await queryRows<{
    site_id: number;
    settings: unknown;
    config: SiteConfig | null;
    tags: SiteTags;
  }>(
    db,
    sql`select a.site_id, a.settings, s.config, s.tags
        from areas a join sites s on s.id = a.site_id where a.id = ${areaId}`,
  );
  if (!area) return undefined;
  const sections = await queryRows<{ id: number; label: string }>(
    db,
    sql`select id, label from sections where area_id = ${areaId} order by number, id`,
  );
  return {
    siteId: Number(area.site_id),
    settings: area.settings,
    config: area.config,
    tags: area.tags,
    sections: sections.map((row) => ({ id: Number(row.id), label: row.label })),
  };
}

/** A zone's soil probe with its last reading of each local day. */
export type ZoneProbe = {
  sensorId: number;
  label: string;
  /** Keyed by local date (YYYY-MM-DD): the day's last reading, time in epoch ms. */
  days: Map<string, { moisture: number; at: number }>;
};

/**
 * Each zone's soil probe, keyed by zone: a sensor whose radio is on the zone and that reports
 * soil.moisture (the lowest sensor id where a zone has several), with its last reading of each
 * local day in [start, end] (epoch ms) in the site's zone.
 */
export async function readZoneProbes(
  db: Queryable,
  areaId: number,
  window: { start: number; end: number; timeZone: string },
): Promise<Map<number, ZoneProbe>> {
  const rows = await queryRows<{
    section_id: number;
    sensor_id: number;
    label: string;
    day: string;
    value: number;
    time: number;
  }>(
    db,
    sql`select distinct on (ra.section_id, day)
               ra.section_id, s.id as sensor_id, s.label,
               to_char(r.time at time zone ${window.timeZone}, 'YYYY-MM-DD') as day,
               r.value, extract(epoch from r.time)::float8 * 1000 as time
        from sections z
        join radios ra on ra.section_id = z.id
        join sensors s on s.radio_id = ra.id
        join series se on se.thing_type = 'sensor' and se.thing_id = s.id
                      and se.metric = ${WEATHER_LAYER_MARKER_TYPES.soilMoisture}
        join readings r on r.series_id = se.id
        where z.area_id = ${areaId}
          and r.time >= ${new Date(window.start).toISOString()}
          and r.time <= ${new Date(window.end).toISOString()}
        order by ra.section_id, day, s.id, r.time desc`,
  );
  const probes = new Map<number, ZoneProbe>();
  for (const row of rows) {
    const zone = Number(row.section_id);
    const sensorId = Number(row.sensor_id);
    const probe = probes.get(zone) ?? { sensorId, label: row.label, days: new Map() };
    // Another probe of the same zone on a day its first has none: the first probe only.
    if (probe.sensorId !== sensorId) continue;
    probe.days.set(row.day, { moisture: Number(row.value), at: Number(row.time) });
    probes.set(zone, probe);
  }
  return probes;
}
