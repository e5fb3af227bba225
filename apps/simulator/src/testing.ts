/**
 * What the simulator's device tests build their virtual devices from: a config downlink at a
 * fixed start time, and an open command.
 */
import type { CommandDownlink, ConfigDownlink } from '@paddock/domain';
import { randomUUID } from 'node:crypto';

export const start = new Date('2026-01-15T00:00:00.000Z');
export const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

/** A radio's config: a WVC at area 1 reporting every 600 s unless `device` says otherwise. */
export function config(
  serialno: string,
  device: Partial<ConfigDownlink['device']>,
  sensors: ConfigDownlink['sensors'],
  controls: ConfigDownlink['controls'],
): ConfigDownlink {
  return {
    time: start.toISOString(),
    device: {
      kind: 'radio',
      id: 1,
      serialno,
      type: 'WVC',
      areaId: 1,
      sectionId: null,
      location: { lat: -39.6, lng: 176.8 },
      reportIntervalSeconds: 600,
      repeater: false,
      coordinator: false,
      ...device,
    },
    sensors,
    controls,
  };
}

export function open(controls: number[], durationSeconds = 3600): CommandDownlink {
  return {
    commandId: randomUUID(),
    requestId: 7,
    time: start.toISOString(),
    action: 'open',
    controls,
    durationSeconds,
  };
}
