import { downlinkTopic, uplinkTopic } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import {
  failedOpenControls,
  misdirected,
  readAck,
  settlementOf,
  TRANSITIONS,
  type CommandRow,
  type CommandStatus,
} from './command-rules.ts';

const ROOT = 'paddock/v1';
const ACK_TOPIC = uplinkTopic(ROOT, 1, 'R-1', 'ack');
const COMMAND_ID = '00000000-0000-4000-8000-000000000001';
const SENT_AT = new Date('2026-11-21T09:00:00.000Z');

function row(overrides: Partial<CommandRow> = {}): CommandRow {
  return {
    id: COMMAND_ID,
    requestId: 5,
    programRunId: null,
    siteId: 1,
    serialno: 'R-1',
    action: 'open',
    payload: { action: 'open', controls: [11, 12], durationSeconds: 60 },
    status: 'sent',
    reason: null,
    sentAt: SENT_AT,
    deadline: new Date(SENT_AT.getTime() + 30_000),
    updatedAt: SENT_AT,
    announcedAt: null,
    ...overrides,
  };
}

const ack = { commandId: COMMAND_ID, phase: 'done', time: '2026-11-21T09:00:01.000Z' };

describe('readAck', () => {
  it('reads an ack of the field protocol and the device it came from', () => {
    expect(readAck(ROOT, ACK_TOPIC, Buffer.from(JSON.stringify(ack)))).toEqual({
      ack,
      siteId: 1,
      serialno: 'R-1',
      payload: JSON.stringify(ack),
    });
  });

  it.each([
    [
      'not UTF-8 text',
      ACK_TOPIC,
      Buffer.from([0xff, 0xfe]),
      '//4=',
      'payload is not UTF-8 text (kept here as base64)',
    ],
    [
      'a topic that is not an ack',
      uplinkTopic(ROOT, 1, 'R-1', 'status'),
      Buffer.from('{}'),
      '{}',
      'not an ack topic of the field protocol',
    ],
    [
      'a downlink topic',
      downlinkTopic(ROOT, 1, 'R-1', 'command'),
      Buffer.from('{}'),
      '{}',
      'not an ack topic of the field protocol',
    ],
    ['not JSON', ACK_TOPIC, Buffer.from('{'), '{', /^not JSON: /],
    [
      'JSON that is not an ack',
      ACK_TOPIC,
      Buffer.from('{"phase":"done"}'),
      '{"phase":"done"}',
      /^not an ack: /,
    ],
  ])('keeps %s as a dead letter', (_, topic, raw, payload, reason) => {
    const reading = readAck(ROOT, topic, raw);
    const why = typeof reason === 'string' ? reason : expect.stringMatching(reason);
    expect(reading).toEqual({ deadLetter: { payload, reason: why } });
  });
});

describe('misdirected', () => {
  it.each([
    ['the device it went to', { siteId: 1, serialno: 'R-1' }, null],
    [
      'another device',
      { siteId: 1, serialno: 'R-2' },
      `command ${COMMAND_ID} went to 1/R-1, not to 1/R-2`,
    ],
    [
      'the same serial number at another site',
      { siteId: 2, serialno: 'R-1' },
      `command ${COMMAND_ID} went to 1/R-1, not to 2/R-1`,
    ],
  ])('an ack from %s', (_, from, expected) => {
    expect(misdirected(row(), from, COMMAND_ID)).toBe(expected);
  });
});

describe('TRANSITIONS', () => {
  const statuses: CommandStatus[] = ['sent', 'accepted', 'done', 'failed', 'timedOut'];
  it.each([
    ['accepted', ['sent']],
    ['done', ['sent', 'accepted']],
    ['failed', ['sent', 'accepted']],
  ] as const)('%s moves a command only from %j: never backwards, never twice', (phase, from) => {
    expect(statuses.filter((status) => TRANSITIONS[phase].includes(status))).toEqual(from);
  });
});

describe('settlementOf', () => {
  it.each([
    ['sent', false],
    ['accepted', false],
    ['done', true],
    ['failed', true],
    ['timedOut', true],
  ] as const)('a command %s is settled: %s', (status, isSettled) => {
    expect(settlementOf(row({ status })) !== null).toBe(isSettled);
  });

  it('names the run, the device, the controls and the reason', () => {
    expect(settlementOf(row({ status: 'failed', reason: 'valve fault', programRunId: 7 }))).toEqual(
      {
        commandId: COMMAND_ID,
        requestId: 5,
        programRunId: 7,
        siteId: 1,
        serialno: 'R-1',
        action: 'open',
        controls: [11, 12],
        status: 'failed',
        reason: 'valve fault',
      },
    );
  });

  it('gives a ping no controls', () => {
    expect(
      settlementOf(row({ action: 'ping', payload: { action: 'ping' }, status: 'done' }))?.controls,
    ).toEqual([]);
  });
});

describe('failedOpenControls', () => {
  it.each([
    ['an open that failed', row({ status: 'failed' }), [11, 12]],
    ['an open timed out', row({ status: 'timedOut' }), [11, 12]],
    ['an open done', row({ status: 'done' }), []],
    [
      'a close that failed',
      row({ action: 'close', payload: { action: 'close', controls: [11] }, status: 'failed' }),
      [],
    ],
  ])('%s releases its controls or not', (_, command, expected) => {
    expect(failedOpenControls([command])).toEqual(expected);
  });
});
