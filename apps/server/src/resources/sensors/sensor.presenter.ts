/** Sensor rows as the console reads them (§3 Sensor). */
import type { Sensor, SensorType } from '@paddock/domain';
import type { sensors } from '../../db/schema.ts';
import { presentDeviceTags } from '../radios/radio.presenter.ts';

export type SensorRow = typeof sensors.$inferSelect;

export function presentSensor(row: SensorRow): Sensor {
  return {
    id: row.id,
    // The column is free text filled by ingest; the response schema refuses a type outside §3.
    type: row.type as SensorType,
    radio: row.radioId,
    unit: row.unitId,
    location: row.location,
    geometry: row.geometry,
    tags: presentDeviceTags(row.tags),
    topics: row.topics.map((topic) => ({
      metric: topic.metric,
      type: topic.type,
      lastValue: topic.lastValue,
      timestamp: topic.timestamp,
    })),
    label: row.label,
    serialno: row.serialno,
  };
}
