import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  batteryLevelOf,
  chirpStackAckSchema,
  chirpStackStatusSchema,
  chirpStackTxAckSchema,
  chirpStackUplinkSchema,
  ttsUplinkSchema,
  uplinkFromChirpStack,
  uplinkFromTts,
} from './uplink.ts';

const receivedAt = new Date('2026-11-29T09:00:05.000Z');

/** A message with some fields left out, as a marshaller leaves out zero values. */
function without<T extends object>(message: T, ...fields: (keyof T)[]): Partial<T> {
  return Object.fromEntries(
    Object.entries(message).filter(([field]) => !fields.includes(field as keyof T)),
  ) as Partial<T>;
}

/**
 * A ChirpStack v4 `event/up` as its JSON marshaller writes it (chirpstack.io "Event types"): a
 * Dragino LSE01 soil probe heard by two gateways, decoded by the maker's codec in the device
 * profile. Fields this product does not read (tags, context, metadata, location) are kept, as a
 * network server sends them.
 */
const chirpStackUp = {
  deduplicationId: '3ac7e3c4-4401-4b8d-9386-a5c902f9202d',
  time: '2026-11-29T09:00:01.775023242+00:00',
  deviceInfo: {
    tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
    tenantName: 'Te Awa Orchard',
    applicationId: '17c82e96-be03-4f38-aef3-f83d48582d97',
    applicationName: 'soil probes',
    deviceProfileId: '14855bf7-d10d-4aee-b618-ebfcb64dc7ad',
    deviceProfileName: 'Dragino LSE01',
    deviceName: 'block 10 probe',
    devEui: 'a84041c2e1833f5a',
    tags: { block: '10' },
  },
  devAddr: '00189440',
  adr: true,
  dr: 2,
  fCnt: 1234,
  fPort: 2,
  data: 'zikA8QelCZtuKJA=',
  object: {
    Bat: 3.625,
    TempC_DS18B20: '24.1',
    conduct_SOIL: 28200,
    temp_SOIL: '24.59',
    water_SOIL: '19.57',
  },
  rxInfo: [
    {
      gatewayId: '0016c001f153a14c',
      uplinkId: 4217106255,
      rssi: -112,
      snr: -4.5,
      channel: 2,
      context: 'E3OWOQ==',
      metadata: { region_common_name: 'AU915', region_config_id: 'au915_1' },
    },
    {
      gatewayId: '0016c001f1500812',
      uplinkId: 1019275302,
      rssi: -97,
      snr: 6.8,
      channel: 2,
      location: { latitude: -39.61, longitude: 176.78 },
      context: 'AAAAAA==',
    },
  ],
  txInfo: {
    frequency: 916800000,
    modulation: { lora: { bandwidth: 125000, spreadingFactor: 10, codeRate: 'CR_4_5' } },
  },
};

/**
 * A The Things Stack v3 `up` (thethingsindustries.com "Data formats"): a Milesight EM300-TH heard
 * by two gateways, decoded by the maker's codec, with the network server's air time.
 */
const ttsUp = {
  end_device_ids: {
    device_id: 'em300-th-frost-1',
    application_ids: { application_id: 'te-awa-frost' },
    dev_eui: '24E124136B502217',
    join_eui: '24E124C0002A0001',
    dev_addr: '260B1A2F',
  },
  correlation_ids: ['as:up:01HZ', 'gs:uplink:01HZ'],
  received_at: '2026-11-29T09:00:01.912Z',
  uplink_message: {
    session_key_id: 'AYxyz==',
    f_port: 85,
    f_cnt: 88,
    frm_payload: 'AXUyA2fIAARoPA==',
    decoded_payload: { battery: 50, temperature: 20, humidity: 30 },
    rx_metadata: [
      {
        gateway_ids: { gateway_id: 'packing-shed', eui: 'B827EBFFFE61B3C2' },
        time: '2026-11-29T09:00:01.640Z',
        rssi: -81,
        channel_rssi: -81,
        snr: 9.25,
        uplink_token: 'ChIKEAoO',
      },
      {
        gateway_ids: { gateway_id: 'hill-tower' },
        rssi: -81,
        channel_rssi: -81,
        snr: 11.5,
      },
    ],
    settings: {
      data_rate: { lora: { bandwidth: 125000, spreading_factor: 7, coding_rate: '4/5' } },
      frequency: '917000000',
      timestamp: 2469174843,
    },
    received_at: '2026-11-29T09:00:01.702Z',
    consumed_airtime: '0.061696s',
    network_ids: { net_id: '000013', tenant_id: 'ttn', cluster_id: 'au1' },
  },
};

describe('ChirpStack v4 uplinks', () => {
  it('become the normalised uplink: devEUI in its form, the best gateway, computed air time', () => {
    const uplink = uplinkFromChirpStack(chirpStackUplinkSchema.parse(chirpStackUp), receivedAt);
    expect(uplink).toEqual({
      devEui: 'A84041C2E1833F5A',
      deviceId: null,
      fCnt: 1234,
      fPort: 2,
      payload: Uint8Array.from([0xce, 0x29, 0, 0xf1, 0x07, 0xa5, 0x09, 0x9b, 0x6e, 0x28, 0x90]),
      decoded: chirpStackUp.object,
      signal: { rssi: -97, snr: 6.8, gateway: '0016c001f1500812' },
      spreadingFactor: 10,
      bandwidthHz: 125000,
      // 11 bytes + 13 at SF10/125 kHz: 12.25 + 33 symbols of 8.192 ms.
      airtimeSeconds: expect.closeTo(0.370688, 9) as number,
      time: '2026-11-29T09:00:01.775Z',
    });
  });

  it('reads the zero values its marshaller leaves out: fCnt 0, no data, no object, no gateways', () => {
    const first = without(chirpStackUp, 'fCnt', 'data', 'object', 'rxInfo', 'txInfo', 'time');
    const uplink = uplinkFromChirpStack(chirpStackUplinkSchema.parse(first), receivedAt);
    expect(uplink).toMatchObject({
      fCnt: 0,
      payload: new Uint8Array(),
      decoded: null,
      signal: null,
      spreadingFactor: null,
      airtimeSeconds: null,
      time: receivedAt.toISOString(),
    });
  });

  it.each([
    ['deviceInfo.devEui', { ...chirpStackUp, deviceInfo: { deviceName: 'x' } }],
    ['deviceInfo', { ...chirpStackUp, deviceInfo: undefined }],
    ['fPort', { ...chirpStackUp, fPort: undefined }],
    ['data', { ...chirpStackUp, data: 'not base64!' }],
    ['rxInfo[0].rssi', { ...chirpStackUp, rxInfo: [{ gatewayId: 'g' }] }],
    ['time', { ...chirpStackUp, time: 'yesterday' }],
  ])('a message without a good %s fails, naming it', (path, message) => {
    const result = chirpStackUplinkSchema.safeParse(message);
    expect(result.success).toBe(false);
    expect(z.prettifyError(result.error as z.ZodError)).toContain(`at ${path}`);
  });

  it('refuses a devEUI that is not one, with the rule', () => {
    const result = chirpStackUplinkSchema.safeParse({
      ...chirpStackUp,
      deviceInfo: { devEui: '0000000000000000' },
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['deviceInfo', 'devEui'],
      message: expect.stringContaining('16 hexadecimal digits') as string,
    });
  });

  it('reads a status: the battery level, or none on mains or unmeasured', () => {
    const deviceInfo = { devEui: 'A84041C2E1833F5A', applicationId: 'x', tags: {} };
    const status = (fields: object) =>
      batteryLevelOf(chirpStackStatusSchema.parse({ deviceInfo, margin: 7, ...fields }));
    expect(status({ batteryLevel: 87.4 })).toBe(87.4);
    expect(status({ batteryLevel: 0 })).toBe(0);
    expect(status({ externalPowerSource: true })).toBeNull();
    expect(status({ batteryLevelUnavailable: true })).toBeNull();
  });

  it('reads an ack and a txack, with the zero values left out', () => {
    const deviceInfo = { devEui: 'a84041c2e1833f5a' };
    const queueItemId = '8ef6fa1e-e7cb-4e2a-a0cf-a0c1b8bca0dd';
    expect(
      chirpStackAckSchema.parse({ deviceInfo, queueItemId, acknowledged: true, fCntDown: 3 }),
    ).toEqual({
      deviceInfo: { devEui: 'A84041C2E1833F5A' },
      queueItemId,
      acknowledged: true,
      fCntDown: 3,
    });
    expect(chirpStackAckSchema.parse({ deviceInfo, queueItemId })).toMatchObject({
      acknowledged: false,
      fCntDown: 0,
    });
    expect(
      chirpStackTxAckSchema.parse({
        deviceInfo,
        queueItemId,
        fCntDown: 4,
        gatewayId: '0016c001f153a14c',
        txInfo: { frequency: 923300000, power: 27 },
      }),
    ).toMatchObject({ queueItemId, fCntDown: 4, gatewayId: '0016c001f153a14c' });
    expect(chirpStackAckSchema.safeParse({ deviceInfo }).error?.issues[0]?.path).toEqual([
      'queueItemId',
    ]);
  });
});

describe('payload bytes', () => {
  it.each([
    ['', []],
    ['qg==', [0xaa]],
    ['AQI=', [1, 2]],
    ['AQID', [1, 2, 3]],
    ['/+8AAQ==', [0xff, 0xef, 0, 1]],
  ])('base64 %j is %j', (data, bytes) => {
    const event = chirpStackUplinkSchema.parse({ ...chirpStackUp, data });
    expect(uplinkFromChirpStack(event, receivedAt).payload).toEqual(Uint8Array.from(bytes));
  });
});

describe('The Things Stack v3 uplinks', () => {
  it('become the normalised uplink: the best gateway by rssi then snr, its own air time', () => {
    const uplink = uplinkFromTts(ttsUplinkSchema.parse(ttsUp), receivedAt);
    expect(uplink).toEqual({
      devEui: '24E124136B502217',
      // Its downlink topic names it by this, not by its devEUI.
      deviceId: 'em300-th-frost-1',
      fCnt: 88,
      fPort: 85,
      payload: Uint8Array.from([0x01, 0x75, 0x32, 0x03, 0x67, 0xc8, 0x00, 0x04, 0x68, 0x3c]),
      decoded: { battery: 50, temperature: 20, humidity: 30 },
      signal: { rssi: -81, snr: 11.5, gateway: 'hill-tower' },
      spreadingFactor: 7,
      bandwidthHz: 125000,
      airtimeSeconds: 0.061696,
      time: '2026-11-29T09:00:01.702Z',
    });
  });

  it('computes the air time when none is given, and takes channel_rssi when rssi is left out', () => {
    const message = without(ttsUp.uplink_message, 'consumed_airtime');
    const event = {
      ...ttsUp,
      uplink_message: {
        ...message,
        settings: { data_rate: { lora: { bandwidth: 125000, spreading_factor: 12 } } },
        rx_metadata: [{ gateway_ids: { gateway_id: 'far' }, channel_rssi: -120, snr: -15 }],
      },
    };
    const uplink = uplinkFromTts(ttsUplinkSchema.parse(event), receivedAt);
    // 10 bytes + 13 at SF12/125 kHz, 4/5, low data rate optimisation on.
    expect(uplink.airtimeSeconds).toBeCloseTo(1.482752, 9);
    expect(uplink.signal).toEqual({ rssi: -120, snr: -15, gateway: 'far' });
  });

  it('reads the zero values its marshaller leaves out', () => {
    const message = without(ttsUp.uplink_message, 'f_cnt', 'frm_payload');
    const uplink = uplinkFromTts(
      ttsUplinkSchema.parse({ ...ttsUp, uplink_message: message }),
      receivedAt,
    );
    expect(uplink).toMatchObject({ fCnt: 0, payload: new Uint8Array(), airtimeSeconds: 0.061696 });
  });

  it.each([
    ['end_device_ids.dev_eui', { ...ttsUp, end_device_ids: { device_id: 'x' } }],
    ['uplink_message', { ...ttsUp, uplink_message: undefined }],
    [
      'uplink_message.f_port',
      { ...ttsUp, uplink_message: { ...ttsUp.uplink_message, f_port: undefined } },
    ],
    [
      'uplink_message.consumed_airtime',
      { ...ttsUp, uplink_message: { ...ttsUp.uplink_message, consumed_airtime: '61ms' } },
    ],
    [
      'uplink_message.rx_metadata[0].gateway_ids',
      { ...ttsUp, uplink_message: { ...ttsUp.uplink_message, rx_metadata: [{ rssi: -90 }] } },
    ],
  ])('a message without a good %s fails, naming it', (path, message) => {
    const result = ttsUplinkSchema.safeParse(message);
    expect(result.success).toBe(false);
    expect(z.prettifyError(result.error as z.ZodError)).toContain(`at ${path}`);
  });
});
