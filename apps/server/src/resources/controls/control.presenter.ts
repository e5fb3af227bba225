/** A control row as the domain's Control entity (§3). */
import type { Control } from '@paddock/domain';
import type { controls } from '../../db/schema.ts';

export type ControlRow = typeof controls.$inferSelect;

export function presentControl(row: ControlRow): Control {
  return {
    id: row.id,
    number: row.number,
    label: row.label,
    type: row.type,
    radio: row.radioId,
    unit: row.unitId,
    area: row.areaId,
    section: row.sectionId,
    location: row.location,
    application: row.application,
    topics: row.topics,
    modified: row.modifiedAt.toISOString(),
    // §4 device status reads presence, so an unknown flag is left out rather than sent as null.
    ...(row.startRequested !== null && { startRequested: row.startRequested }),
    ...(row.isRunning !== null && { isRunning: row.isRunning }),
  };
}
