/** Rows of sites, areas and units → the §3 entities on the wire. */
import type { Area, Site, SiteBriefSummary, SitesFilterOptions, Unit } from '@paddock/domain';
import type { sites, units } from '../../db/schema.ts';

export type SiteRow = typeof sites.$inferSelect;
export type UnitRow = typeof units.$inferSelect;

/** A timestamp as ISO text; drivers hand back Date objects or text depending on the query. */
export function isoOrNull(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function presentSite(
  row: SiteRow,
  extras: { areas?: Area[]; summary?: SiteBriefSummary | null } = {},
): Site {
  return {
    id: row.id,
    label: row.label,
    location: row.location,
    type: row.type,
    ...(extras.areas ? { areas: extras.areas } : {}),
    tags: row.tags,
    applications: row.applications,
    settings: row.settings,
    config: row.config,
    ...(extras.summary !== undefined ? { summary: extras.summary } : {}),
    modified: row.modifiedAt.toISOString(),
  };
}

export function presentUnit(row: UnitRow): Unit {
  return {
    id: row.id,
    serialno: row.serialno,
    site: row.siteId,
    areas: row.areaIds,
    overdue: row.overdue,
    lastUpdate: isoOrNull(row.lastUpdate),
    location: row.location ?? null,
    radio: row.radioId ?? null,
    reportIntervalSeconds: row.reportIntervalSeconds,
  };
}

/** The filter fields of the caller's sites, as read for GET sites/filter. */
export type SiteFilterFieldsRow = Pick<SiteRow, 'applications' | 'tags' | 'operator' | 'client'>;

/** GET sites/filter: each key's distinct non-empty values over the caller's sites, sorted. */
export function presentSitesFilterOptions(
  rows: readonly SiteFilterFieldsRow[],
): SitesFilterOptions {
  const values = {
    application: new Set<string>(),
    country: new Set<string>(),
    region: new Set<string>(),
    operator: new Set<string>(),
    client: new Set<string>(),
  };
  for (const row of rows) {
    for (const application of row.applications) values.application.add(application);
    values.country.add(row.tags.country);
    values.region.add(row.tags.region);
    if (row.operator) values.operator.add(row.operator);
    if (row.client) values.client.add(row.client);
  }
  const sorted = (set: Set<string>) =>
    [...set].filter((value) => value !== '').sort((a, b) => a.localeCompare(b));
  return {
    application: sorted(values.application),
    country: sorted(values.country),
    region: sorted(values.region),
    operator: sorted(values.operator),
    client: sorted(values.client),
  };
}
