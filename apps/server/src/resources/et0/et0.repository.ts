/** A site's computed ET0 days (et0_days, written by the agronomy job) and its zone. */
import type { Et0DayInputs, SiteConfig, SiteTags } from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../../db/client.ts';

export type Et0DayRow = {
  area_id: number;
  label: string;
  date: string;
  et0: number;
  inputs: Et0DayInputs;
  computed_at: Date | string;
};

/** The site's config and tags, for its zone; undefined for no such site. */
export async function readEt0Site(db: Queryable, siteId: number) {
  const [row] = await queryRows<{ config: SiteConfig; tags: SiteTags }>(
    db,
    sql`select config, tags from sites where id = ${siteId}`,
  );
  return row;
}

/** Every station's days of the site from `from` to `to` (local dates, both included). */
export async function readEt0Days(
  db: Queryable,
  siteId: number,
  range: { from: string; to: string },
): Promise<Et0DayRow[]> {
  return queryRows<Et0DayRow>(
    db,
    sql`select d.area_id, a.label, to_char(d.date, 'YYYY-MM-DD') as date, d.et0, d.inputs,
               d.computed_at
        from et0_days d join areas a on a.id = d.area_id
        where d.site_id = ${siteId} and d.date >= ${range.from}::date and d.date <= ${range.to}::date
        order by d.area_id, d.date`,
  );
}
