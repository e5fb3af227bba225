/** GET sites/{id}/et0's shape: the site's days grouped by station, oldest first. */
import type { Et0Query, SiteEt0 } from '@paddock/domain';
import type { Et0DayRow } from './et0.repository.ts';

export function presentSiteEt0(
  site: { id: number; timezone: string },
  range: Et0Query,
  rows: readonly Et0DayRow[],
): SiteEt0 {
  const stations = new Map<number, SiteEt0['stations'][number]>();
  for (const row of rows) {
    const station = stations.get(row.area_id) ?? { area: row.area_id, label: row.label, days: [] };
    station.days.push({
      date: row.date,
      et0: Number(row.et0),
      inputs: row.inputs,
      computedAt: new Date(row.computed_at).toISOString(),
    });
    stations.set(row.area_id, station);
  }
  return {
    site: site.id,
    timezone: site.timezone,
    from: range.from,
    to: range.to,
    stations: [...stations.values()],
  };
}
