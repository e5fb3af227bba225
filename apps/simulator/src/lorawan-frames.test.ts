/**
 * A simulated LoRaWAN radio's frames read back by the server's own rules: the built-in profile a
 * radio's readings fit, its fields through the profile's mapping, and its raw payload through the
 * domain's decoder, give the readings again.
 */
import {
  BUILT_IN_DEVICE_PROFILES,
  chirpStackUplinkSchema,
  readingsOfUplink,
  ttsUplinkSchema,
  uplinkFromChirpStack,
  uplinkFromTts,
  type Reading,
} from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import {
  batteryPercent,
  chirpStackUplink,
  reportFrame,
  reportMetrics,
  ttsUplink,
  type FrameContext,
} from './lorawan-frames.ts';

const sensor = (id: number, metric: string, value: number): Reading => ({
  thing: 'sensor',
  id,
  metric,
  value,
});

const profile = (id: string) => {
  const found = BUILT_IN_DEVICE_PROFILES.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no profile ${id}`);
  return found;
};

describe('a report as a LoRaWAN frame', () => {
  it.each([
    {
      device: 'a soil probe',
      readings: [sensor(1, 'soil.moisture', 27.43), sensor(1, 'soil.temperature', -1.25)],
      profileId: 'dragino-lse01',
      expected: { 'soil.moisture': 27.43, 'soil.temperature': -1.25, battery: 3.512 },
    },
    {
      device: 'a weather station',
      readings: [
        sensor(2, 'temperature', 18.4),
        sensor(3, 'humidity.relative.current', 63.5),
        sensor(4, 'wind.speed', 12),
      ],
      profileId: 'milesight-em300-th',
      expected: {
        temperature: 18.4,
        'humidity.relative.current': 63.5,
        'battery.level': batteryPercent(3.512),
      },
    },
    {
      device: 'a water meter',
      readings: [sensor(5, 'water.flow', 3.2), sensor(5, 'water.total', 18_234.567)],
      profileId: 'milesight-em300-di',
      expected: { 'water.total': 18_234.567, 'battery.level': batteryPercent(3.512) },
    },
    {
      device: 'a tank level sensor',
      readings: [sensor(6, 'level', 75)],
      profileId: 'milesight-em500-udl',
      // 75 % between 2.3 m (empty) and 0.3 m (full) below the sensor.
      expected: { 'tank.distance': 0.8, 'battery.level': batteryPercent(3.512) },
    },
  ])(
    '$device is sent as $profileId, whose mapping and raw decoder give its readings again',
    ({ readings, profileId, expected }) => {
      const frame = reportFrame(reportMetrics(readings, 3.512), []);
      expect(frame?.profileId).toBe(profileId);
      if (!frame) return;
      const read = (decoded: Record<string, unknown> | null) =>
        Object.fromEntries(
          readingsOfUplink(
            { fPort: frame.fPort, payload: frame.payload, decoded },
            profile(profileId),
          ).map((reading) => [reading.metric, reading.value]),
        );
      expect(read(frame.fields)).toEqual(expected);
      // Without the network server's codec, the profile's decoder reads the payload: the same,
      // but the probe's unfitted conductivity, which the payload carries as 0.
      const { 'soil.ec': conductivity, ...raw } = read(null);
      expect(raw).toEqual(expected);
      expect(conductivity ?? 0).toBe(0);
    },
  );

  it("sends a valve controller's open outputs, a bit each, on the command port", () => {
    const frame = reportFrame(reportMetrics([], 3.5), [false, true, true]);
    expect(frame).toMatchObject({ fPort: 10, fields: null, profileId: null });
    expect([...(frame?.payload ?? [])]).toEqual([0b110]);
  });

  it('sends nothing for a radio with neither a profile nor controls', () => {
    expect(reportFrame(reportMetrics([sensor(7, 'wind.speed', 4)], 3.5), [])).toBeNull();
  });
});

describe("the network servers' JSON", () => {
  const frame = reportFrame(
    reportMetrics([sensor(1, 'soil.moisture', 31.2), sensor(1, 'soil.temperature', 14.5)], 3.4),
    [],
  );
  if (!frame) throw new Error('no frame');
  const context: FrameContext = {
    applicationId: '0b6c2d9e-5f3a-4c47-9a51-2f0e7d8c1b34',
    devEui: '70B3D57ED005A1C2',
    deviceName: 'LRA-012033',
    fCnt: 41,
    time: new Date('2026-01-15T03:00:00.000Z'),
    heard: [
      { gatewayId: 'a84041ff00000401', rssi: -97, snr: 7.5 },
      { gatewayId: 'a84041ff00000402', rssi: -109, snr: -3.2 },
    ],
    radio: { spreadingFactor: 8, bandwidthHz: 125_000, frequencyHz: 915_400_000 },
    decoded: true,
  };

  it('is a ChirpStack v4 uplink the links parse, heard best by the nearer gateway', () => {
    const json = JSON.parse(JSON.stringify(chirpStackUplink(frame, context))) as unknown;
    const uplink = uplinkFromChirpStack(chirpStackUplinkSchema.parse(json), new Date());
    expect(json).toMatchObject({ deviceInfo: { devEui: '70b3d57ed005a1c2' }, fCnt: 41, fPort: 2 });
    expect(uplink).toMatchObject({
      devEui: '70B3D57ED005A1C2',
      fCnt: 41,
      fPort: 2,
      decoded: frame.fields,
      signal: { rssi: -97, snr: 7.5, gateway: 'a84041ff00000401' },
      spreadingFactor: 8,
      bandwidthHz: 125_000,
      time: '2026-01-15T03:00:00.000Z',
    });
    expect([...uplink.payload]).toEqual([...frame.payload]);
  });

  it('is a The Things Stack v3 uplink with the air time it consumed', () => {
    const json = JSON.parse(JSON.stringify(ttsUplink(frame, context))) as unknown;
    const uplink = uplinkFromTts(ttsUplinkSchema.parse(json), new Date());
    expect(json).toMatchObject({
      end_device_ids: { device_id: 'eui-70b3d57ed005a1c2' },
      uplink_message: { f_cnt: 41, consumed_airtime: expect.stringMatching(/^0\.\d{6}s$/) },
    });
    expect(uplink).toMatchObject({ devEui: '70B3D57ED005A1C2', fCnt: 41, decoded: frame.fields });
    // 11 bytes at SF8/125 kHz: about 0.1 s on the air.
    expect(uplink.airtimeSeconds).toBeGreaterThan(0.08);
    expect(uplink.airtimeSeconds).toBeLessThan(0.12);
  });

  it('leaves the decoded fields out when the network server has no codec', () => {
    const raw = { ...context, decoded: false };
    expect(chirpStackUplink(frame, raw)).not.toHaveProperty('object');
    expect(ttsUplink(frame, raw).uplink_message).not.toHaveProperty('decoded_payload');
  });
});
