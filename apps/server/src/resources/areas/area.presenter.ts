/** Area rows as the console reads them (§3 Area). */
import type { Area, Section } from '@paddock/domain';
import type { areas } from '../../db/schema.ts';

export type AreaRow = typeof areas.$inferSelect;

/** `sections` is left out, not emptied, when the caller asked withoutSections=true (§7). */
export function presentArea(row: AreaRow, sections?: Section[]): Area {
  return {
    id: row.id,
    site: row.siteId,
    label: row.label,
    type: row.type,
    capabilities: row.capabilities,
    ...(sections ? { sections } : {}),
    settings: row.settings.bounds ? { bounds: row.settings.bounds } : {},
    geometry: row.geometry,
    outline: row.outline,
    status: row.status,
    hasFaults: row.hasFaults,
    alarmsActive: row.alarmsActive,
    snoozed: row.snoozed,
  };
}
