/** Section rows as the console reads them (§3 Section). */
import type { Section } from '@paddock/domain';
import type { sections } from '../../db/schema.ts';

export type SectionRow = typeof sections.$inferSelect;

export function presentSection(row: SectionRow): Section {
  return {
    id: row.id,
    number: row.number,
    label: row.label,
    type: row.type,
    area: row.areaId,
    outline: row.outline,
    location: row.location,
    selected: row.selected,
  };
}
