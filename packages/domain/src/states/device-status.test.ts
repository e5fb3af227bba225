import { describe, expect, it } from 'vitest';
import { deviceStatus, type DeviceStatus } from './device-status.ts';

describe('§4 device status from startRequested and isRunning', () => {
  it.each<[boolean | null | undefined, boolean | null | undefined, DeviceStatus]>([
    // Both present.
    [true, false, 'becomingActive'],
    [true, true, 'active'],
    [false, true, 'active'],
    [false, false, 'inactive'],
    // One present decides.
    [true, undefined, 'active'],
    [false, undefined, 'inactive'],
    [undefined, true, 'active'],
    [undefined, false, 'inactive'],
    [true, null, 'active'],
    [null, false, 'inactive'],
    // Both missing.
    [undefined, undefined, 'unknown'],
    [null, null, 'unknown'],
    [null, undefined, 'unknown'],
  ])('startRequested %s, isRunning %s → %s', (startRequested, isRunning, expected) => {
    expect(deviceStatus({ startRequested, isRunning })).toBe(expected);
  });

  it('a control without the fields is unknown', () => {
    expect(deviceStatus({})).toBe('unknown');
  });
});
