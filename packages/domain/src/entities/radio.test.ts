import { describe, expect, it } from 'vitest';
import { buildRadio } from '../testing/factories.ts';
import { radioConfigSchema, radioSchema, radioUpdateBodySchema } from './radio.ts';

describe('§3 radio', () => {
  it.each([
    ['a canopy WVC radio', buildRadio()],
    [
      'a LoRa repeater that never reported',
      buildRadio({
        type: 'LoRa',
        config: { repeater: true, coordinator: false, children: [201, 202] },
        lastUpdate: null,
        batteryValue: null,
        signalValue: null,
        missesValue: null,
        online: false,
        overdue: true,
      }),
    ],
    [
      'a WMR coordinator without section',
      buildRadio({
        type: 'WMR',
        section: null,
        unit: null,
        location: null,
        config: { repeater: false, coordinator: true, children: [] },
      }),
    ],
  ])('accepts %s', (_why, radio) => {
    expect(radioSchema.parse(radio)).toEqual(radio);
  });

  it.each([
    ['an unknown type', { type: 'ZigBee' }],
    ['a local lastUpdate', { lastUpdate: '2024-09-01 06:00' }],
    ['a text battery value', { batteryValue: '3.9' }],
    ['no config', { config: undefined }],
    ['a fault given as a number', { fault: 1 }],
    ['an empty serial number', { serialno: '' }],
  ])('refuses %s', (_why, overrides) => {
    expect(radioSchema.safeParse({ ...buildRadio(), ...overrides }).success).toBe(false);
  });

  it.each([
    [{ repeater: true, coordinator: false, children: [201] }, true],
    [{ repeater: true, coordinator: false }, false],
    [{ repeater: 'yes', coordinator: false, children: [] }, false],
  ])('§3 config %j is accepted: %s', (value, ok) => {
    expect(radioConfigSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§7 PUT radios/{id}', () => {
  it.each([
    [{ section: 101 }, true],
    [{ tags: { identifier: 'weather' } }, true],
    [{ config: { repeater: true, coordinator: false, children: [] } }, true],
    [{ location: null }, true],
    [{}, false],
    [{ section: 0 }, false],
    [{ reportIntervalSeconds: 600 }, true],
    [{ reportIntervalSeconds: 10 }, true],
    [{ reportIntervalSeconds: 86_400 }, true],
    [{ reportIntervalSeconds: 9 }, false],
    [{ reportIntervalSeconds: 86_401 }, false],
    [{ reportIntervalSeconds: 60.5 }, false],
  ])('%j is accepted: %s', (body, ok) => {
    expect(radioUpdateBodySchema.safeParse(body).success).toBe(ok);
  });
});
