/**
 * A device's readings as a real device words them, without its state: what its controls report
 * and how readings are cut into uplinks no larger than one message may hold.
 */
import {
  MAX_READINGS_PER_MESSAGE,
  type ConfigDownlink,
  type Reading,
  type ReadingsUplink,
} from '@paddock/domain';
import type { DeviceFaults } from './device-faults.ts';

type ControlConfig = ConfigDownlink['controls'][number];

/** Each control's running and fault readings, and a pivot's angle and speed. */
export function controlReadings(
  controls: readonly ControlConfig[],
  isRunning: (controlId: number) => boolean,
  pivotAngles: ReadonlyMap<number, number>,
  faults: DeviceFaults,
): Reading[] {
  return controls.flatMap((control) => {
    const running = isRunning(control.id);
    const readings: Reading[] = [
      { thing: 'control', id: control.id, metric: 'running', value: running ? 1 : 0 },
      {
        thing: 'control',
        id: control.id,
        metric: 'fault',
        value:
          faults.faultedControls.has(control.id) || faults.trippedPumps?.has(control.id) ? 1 : 0,
      },
    ];
    if (control.type === 'pivot') {
      const angle = pivotAngles.get(control.id) ?? 0;
      readings.push(
        { thing: 'control', id: control.id, metric: 'pivot.angle', value: Math.round(angle) },
        { thing: 'control', id: control.id, metric: 'pivot.speed', value: running ? 100 : 0 },
      );
    }
    return readings;
  });
}

/** Readings as uplinks: one, or several when they exceed what one message may hold. */
export function readingsMessages(
  now: Date,
  readings: Reading[],
  nextSeq: () => number,
): ReadingsUplink[] {
  const messages: ReadingsUplink[] = [];
  for (let start = 0; start < readings.length; start += MAX_READINGS_PER_MESSAGE) {
    messages.push({
      seq: nextSeq(),
      time: now.toISOString(),
      readings: readings.slice(start, start + MAX_READINGS_PER_MESSAGE),
    });
  }
  return messages;
}
