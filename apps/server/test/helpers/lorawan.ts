/**
 * LoRaWAN network server messages as the server's link tests publish them (issue 32): the shapes
 * of the domain's uplink.test.ts (ChirpStack v4's JSON marshaller, The Things Stack v3's data
 * formats), each heard by two gateways, with what a test varies left as arguments; and the
 * test farm's radio a Milesight temperature-humidity sensor's uplinks feed.
 */
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import * as schema from '../../src/db/schema.ts';
import type { TestApp } from './test-app.ts';

/** Gives the test farm's second radio the devEUI and wires a frost sensor to it; the sensor's id. */
export async function attachFrostSensor(t: TestApp, devEui: string): Promise<number> {
  const { radio2 } = t.farm.radios;
  await t.db.update(schema.radios).set({ devEui }).where(eq(schema.radios.id, radio2.id));
  const [sensor] = await t.db
    .insert(schema.sensors)
    .values({
      siteId: radio2.siteId,
      areaId: radio2.areaId,
      type: 'temperature',
      radioId: radio2.id,
      tags: {},
      topics: [],
      label: 'Frost sensor',
      serialno: `S-TH-${randomUUID().slice(0, 6)}`,
    })
    .returning();
  if (!sensor) throw new Error('sensor not inserted');
  return sensor.id;
}

/** A ChirpStack v4 `event/up` of a Dragino LSE01 soil probe, decoded by the maker's codec. */
export function chirpStackUp(options: {
  applicationId: string;
  devEui: string;
  fCnt: number;
  time: string;
  water?: string;
}) {
  return {
    deduplicationId: randomUUID(),
    time: options.time,
    deviceInfo: {
      applicationId: options.applicationId,
      deviceName: 'block 10 probe',
      devEui: options.devEui.toLowerCase(),
    },
    fCnt: options.fCnt,
    fPort: 2,
    data: 'zikA8QelCZtuKJA=',
    object: {
      Bat: 3.625,
      conduct_SOIL: 28200,
      temp_SOIL: '24.59',
      water_SOIL: options.water ?? '19.57',
    },
    rxInfo: [
      { gatewayId: '0016c001f153a14c', rssi: -112, snr: -4.5 },
      { gatewayId: '0016c001f1500812', rssi: -97, snr: 6.8 },
    ],
    txInfo: {
      frequency: 916800000,
      modulation: { lora: { bandwidth: 125000, spreadingFactor: 10, codeRate: 'CR_4_5' } },
    },
  };
}

/** A The Things Stack v3 `up` of a Milesight EM300-TH; the hill tower hears it best (-76 dBm). */
export function ttsUp(options: {
  applicationId: string;
  devEui: string;
  fCnt: number;
  time: string;
}) {
  return {
    end_device_ids: {
      device_id: 'em300-th-frost-1',
      application_ids: { application_id: options.applicationId },
      dev_eui: options.devEui,
    },
    received_at: options.time,
    uplink_message: {
      f_port: 85,
      f_cnt: options.fCnt,
      frm_payload: 'AXUyA2fIAARoPA==',
      decoded_payload: { battery: 50, temperature: 20, humidity: 30 },
      rx_metadata: [
        { gateway_ids: { gateway_id: 'packing-shed' }, rssi: -81, channel_rssi: -81, snr: 9.25 },
        { gateway_ids: { gateway_id: 'hill-tower' }, rssi: -76, channel_rssi: -76, snr: 11.5 },
      ],
      settings: { data_rate: { lora: { bandwidth: 125000, spreading_factor: 7 } } },
      received_at: options.time,
      consumed_airtime: '0.061696s',
    },
  };
}
