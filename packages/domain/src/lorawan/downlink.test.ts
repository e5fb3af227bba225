import { describe, expect, it } from 'vitest';
import { base64Of, bytesOf } from './base64.ts';
import {
  chirpStackDownlink,
  chirpStackDownlinkSchema,
  chirpStackDownTopic,
  decodeValveCommand,
  encodeValveCommand,
  lorawanCommandTimeoutSeconds,
  settlementOfChirpStack,
  settlementOfTts,
  ttsDownlinkEventSchema,
  ttsDownlinkPush,
  ttsDownlinkPushSchema,
  ttsDownTopic,
} from './downlink.ts';

const COMMAND = '3f2b8c1e-4d5a-4e6f-8a7b-9c0d1e2f3a4b';

describe('the valve command payload', () => {
  it('opens outputs 1 and 3 for 90 s as 01 05 00 02, rounded up to whole minutes', () => {
    const bytes = encodeValveCommand({ action: 'open', outputs: [1, 3], durationSeconds: 90 });
    expect([...bytes]).toEqual([0x01, 0x05, 0x00, 0x02]);
    expect(decodeValveCommand(bytes)).toEqual({
      action: 'open',
      outputs: [1, 3],
      durationSeconds: 120,
    });
  });

  it('closes output 8 as 02 80 00 00, and refuses an output a byte cannot name', () => {
    expect([...encodeValveCommand({ action: 'close', outputs: [8] })]).toEqual([2, 0x80, 0, 0]);
    expect(() => encodeValveCommand({ action: 'close', outputs: [9] })).toThrow(RangeError);
  });

  it('reads nothing from a payload that is not one', () => {
    expect(decodeValveCommand(Uint8Array.of(1, 1, 0))).toBeNull();
    expect(decodeValveCommand(Uint8Array.of(3, 1, 0, 0))).toBeNull();
    expect(decodeValveCommand(Uint8Array.of(1, 0, 0, 1))).toBeNull();
  });
});

describe('base64', () => {
  it('round-trips every length, padded as the network servers write it', () => {
    expect(base64Of(Uint8Array.of(1, 5, 0, 2))).toBe('AQUAAg==');
    // RFC 4648's test vectors: "", "f", "fo", "foo", "foob", "fooba", "foobar".
    const vectors = ['', 'Zg==', 'Zm8=', 'Zm9v', 'Zm9vYg==', 'Zm9vYmE=', 'Zm9vYmFy'];
    vectors.forEach((encoded, length) => {
      const bytes = Uint8Array.from('foobar'.slice(0, length), (letter) => letter.charCodeAt(0));
      expect(base64Of(bytes)).toBe(encoded);
      expect([...bytesOf(encoded)]).toEqual([...bytes]);
    });
  });
});

describe('ChirpStack command/down', () => {
  it("is a confirmed downlink under the command's id, on the device's lower-case topic", () => {
    const downlink = chirpStackDownlink(COMMAND, '70B3D57ED005A1C2', {
      action: 'close',
      outputs: [2],
    });
    expect(downlink).toEqual({
      id: COMMAND,
      devEui: '70b3d57ed005a1c2',
      confirmed: true,
      fPort: 10,
      data: 'AgIAAA==',
    });
    expect(chirpStackDownlinkSchema.parse(downlink).devEui).toBe('70B3D57ED005A1C2');
    expect(chirpStackDownTopic('app-1', '70B3D57ED005A1C2')).toBe(
      'application/app-1/device/70b3d57ed005a1c2/command/down',
    );
  });

  it('is accepted on txack, done on an acknowledged ack, failed on an unacknowledged one', () => {
    expect(settlementOfChirpStack('txack', { queueItemId: COMMAND })).toEqual({
      commandId: COMMAND,
      phase: 'accepted',
    });
    expect(settlementOfChirpStack('ack', { queueItemId: COMMAND, acknowledged: true })).toEqual({
      commandId: COMMAND,
      phase: 'done',
    });
    expect(settlementOfChirpStack('ack', { queueItemId: COMMAND })).toMatchObject({
      phase: 'failed',
      reason: 'the device did not acknowledge it',
    });
    // A downlink queued by someone else (the network server's console) is not ours.
    expect(settlementOfChirpStack('ack', { queueItemId: '42', acknowledged: true })).toBeNull();
  });
});

describe('The Things Stack down/push', () => {
  it('carries the command in its correlation ids, which every downlink event brings back', () => {
    const push = ttsDownlinkPush(COMMAND, { action: 'open', outputs: [1], durationSeconds: 600 });
    expect(ttsDownlinkPushSchema.parse(push)).toEqual(push);
    expect(push.downlinks[0]).toMatchObject({
      f_port: 10,
      frm_payload: 'AQEACg==',
      confirmed: true,
    });
    expect(ttsDownTopic('orchard', 'ttn', 'valve-3')).toBe(
      'v3/orchard@ttn/devices/valve-3/down/push',
    );

    const correlation = push.downlinks[0]?.correlation_ids ?? [];
    const event = (body: object) =>
      settlementOfTts(
        ttsDownlinkEventSchema.parse({
          end_device_ids: { device_id: 'valve-3', dev_eui: '70B3D57ED005A1C2' },
          correlation_ids: ['as:downlink:01HZX'],
          ...body,
        }),
      );
    expect(event({ downlink_sent: { correlation_ids: correlation } })).toEqual({
      commandId: COMMAND,
      phase: 'accepted',
    });
    expect(event({ downlink_ack: { correlation_ids: correlation } })).toEqual({
      commandId: COMMAND,
      phase: 'done',
    });
    expect(event({ downlink_nack: { correlation_ids: correlation } })).toMatchObject({
      phase: 'failed',
    });
    expect(
      event({
        downlink_failed: {
          downlink: { correlation_ids: correlation },
          error: { message_format: 'device not found' },
        },
      }),
    ).toEqual({ commandId: COMMAND, phase: 'failed', reason: 'device not found' });
    expect(event({ downlink_ack: { correlation_ids: ['as:downlink:01HZX'] } })).toBeNull();
  });
});

it("a class A device's command waits its reporting interval beyond the native timeout", () => {
  expect(lorawanCommandTimeoutSeconds(60, 900)).toBe(960);
});
