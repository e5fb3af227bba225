/** Radio rows as the console reads them (§3 Radio). */
import type { DeviceTags, Radio } from '@paddock/domain';
import type { radios } from '../../db/schema.ts';

export type RadioRow = typeof radios.$inferSelect;

/** Only the spec's tag (identifier) goes out, whatever else ingest stored beside it. */
export function presentDeviceTags(tags: DeviceTags): DeviceTags {
  return tags.identifier === undefined ? {} : { identifier: tags.identifier };
}

export function presentRadio(row: RadioRow): Radio {
  return {
    id: row.id,
    type: row.type,
    unit: row.unitId,
    serialno: row.serialno,
    section: row.sectionId,
    location: row.location,
    tags: presentDeviceTags(row.tags),
    config: {
      repeater: row.config.repeater,
      coordinator: row.config.coordinator,
      children: row.config.children,
    },
    overdue: row.overdue,
    lastUpdate: row.lastUpdate ? row.lastUpdate.toISOString() : null,
    fault: row.fault,
    online: row.online,
    batteryValue: row.batteryValue,
    signalValue: row.signalValue,
    missesValue: row.missesValue,
    reportIntervalSeconds: row.reportIntervalSeconds,
    devEui: row.devEui,
  };
}
