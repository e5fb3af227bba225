import { uplinkTopic, type SensorTopic } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import {
  deadLetterPlan,
  followupOf,
  planBatch,
  seriesKey,
  topicChanges,
  wantedSeries,
  type BatchPlan,
  type CurrentRows,
  type DeviceRow,
  type Latest,
  type PlanMessage,
} from './plan.ts';
import { readUplink, RETAINED_UPLINK } from './uplink.ts';

const ROOT = 'paddock/v1';
const RECEIVED = '2026-11-21T09:00:05.000Z';

/** Site 1: radio R-1 (soil probe 31, valve 12), unit U-1 (tank level 40). Site 2: radio R-2. */
const R1: DeviceRow = {
  kind: 'radio',
  id: 1,
  siteId: 1,
  things: new Set(['sensor:31', 'control:12']),
};
const U1: DeviceRow = { kind: 'unit', id: 5, siteId: 1, things: new Set(['sensor:40']) };
const R2: DeviceRow = { kind: 'radio', id: 2, siteId: 2, things: new Set(['sensor:50']) };

const ROWS: CurrentRows = {
  devices: new Map<string, DeviceRow | string>([
    ['R-1', R1],
    ['U-1', U1],
    ['R-2', R2],
    ['R-9', 'unknown device R-9'],
  ]),
  seriesIds: new Map([
    [seriesKey('sensor', 31, 'soil.moisture'), 100],
    [seriesKey('sensor', 31, 'soil.temperature'), 101],
    [seriesKey('control', 12, 'running'), 102],
    [seriesKey('sensor', 40, 'level'), 103],
    [seriesKey('sensor', 31, 'soil.ec'), 104],
    [seriesKey('radio', 1, 'battery'), 110],
    [seriesKey('radio', 1, 'signal'), 111],
    [seriesKey('radio', 1, 'misses'), 112],
    [seriesKey('unit', 5, 'battery'), 120],
  ]),
};

/** A message as ingest holds it: read from its topic and payload, received at `receivedAt`. */
function message(
  serialno: string,
  kind: 'readings' | 'status',
  payload: unknown,
  { siteId = 1, receivedAt = RECEIVED }: { siteId?: number; receivedAt?: string } = {},
): PlanMessage {
  const topic = uplinkTopic(ROOT, siteId, serialno, kind);
  const bytes = Buffer.isBuffer(payload)
    ? payload
    : Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload));
  return {
    topic,
    payload: bytes,
    receivedAt: new Date(receivedAt),
    ...readUplink(ROOT, topic, bytes),
  };
}

function soil(value: number, extra: Record<string, unknown> = {}) {
  return { thing: 'sensor', id: 31, metric: 'soil.moisture', value, ...extra };
}

const ms = (iso: string) => Date.parse(iso);

/** A plan in plain values, so a table can state it. */
function summary(plan: BatchPlan) {
  const latest = (things: Map<number, Latest>) =>
    Object.fromEntries(
      [...things].map(([id, metrics]) => [
        id,
        Object.fromEntries(
          [...metrics].map(([metric, value]) => [
            metric,
            { time: new Date(value.time).toISOString(), value: value.value },
          ]),
        ),
      ]),
    );
  const devices = (updates: BatchPlan['radios']) =>
    Object.fromEntries(
      [...updates].map(([id, update]) => [
        id,
        {
          ...update,
          lastUpdate: update.lastUpdate === null ? null : new Date(update.lastUpdate).toISOString(),
        },
      ]),
    );
  return {
    readings: plan.readings.map((row) => ({
      seriesId: row.seriesId,
      time: new Date(row.time).toISOString(),
      value: row.value,
    })),
    deadLetters: plan.deadLetters.map((row) => row.reason),
    sensors: latest(plan.sensors),
    controls: latest(plan.controls),
    radios: devices(plan.radios),
    units: devices(plan.units),
    accepted: plan.accepted.map((uplink) => `${uplink.device.kind} ${uplink.device.id}`),
  };
}

const NOTHING = {
  readings: [],
  deadLetters: [],
  sensors: {},
  controls: {},
  radios: {},
  units: {},
  accepted: [],
};

describe('planBatch', () => {
  it.each([
    {
      name: 'readings: rows, the latest value per metric and the radio report time',
      messages: [
        message('R-1', 'readings', {
          seq: 41,
          time: '2026-11-21T09:00:00.000Z',
          readings: [
            soil(31.5),
            { thing: 'sensor', id: 31, metric: 'soil.temperature', value: 14.2 },
            soil(30.9, { time: '2026-11-21T08:50:00.000Z' }),
          ],
        }),
      ],
      expected: {
        ...NOTHING,
        readings: [
          { seriesId: 100, time: '2026-11-21T09:00:00.000Z', value: 31.5 },
          { seriesId: 101, time: '2026-11-21T09:00:00.000Z', value: 14.2 },
          { seriesId: 100, time: '2026-11-21T08:50:00.000Z', value: 30.9 },
        ],
        sensors: {
          31: {
            'soil.moisture': { time: '2026-11-21T09:00:00.000Z', value: 31.5 },
            'soil.temperature': { time: '2026-11-21T09:00:00.000Z', value: 14.2 },
          },
        },
        radios: { 1: { lastUpdate: '2026-11-21T09:00:00.000Z', online: true, lastSeq: 41 } },
        accepted: ['radio 1'],
      },
    },
    {
      name: 'a device clock ahead: the report time is capped at receipt, the reading keeps its time',
      messages: [
        message('R-1', 'readings', {
          seq: 1,
          time: '2026-11-21T10:00:00.000Z',
          readings: [soil(20)],
        }),
      ],
      expected: {
        ...NOTHING,
        readings: [{ seriesId: 100, time: '2026-11-21T10:00:00.000Z', value: 20 }],
        sensors: { 31: { 'soil.moisture': { time: '2026-11-21T10:00:00.000Z', value: 20 } } },
        radios: { 1: { lastUpdate: RECEIVED, online: true, lastSeq: 1 } },
        accepted: ['radio 1'],
      },
    },
    {
      name: 'two reports of a device: the newest value, time and seq win whatever their order',
      messages: [
        message('R-1', 'readings', {
          seq: 8,
          time: '2026-11-21T08:59:00.000Z',
          readings: [soil(22)],
        }),
        message('R-1', 'readings', {
          seq: 7,
          time: '2026-11-21T08:49:00.000Z',
          readings: [soil(21)],
        }),
      ],
      expected: {
        ...NOTHING,
        readings: [
          { seriesId: 100, time: '2026-11-21T08:59:00.000Z', value: 22 },
          { seriesId: 100, time: '2026-11-21T08:49:00.000Z', value: 21 },
        ],
        sensors: { 31: { 'soil.moisture': { time: '2026-11-21T08:59:00.000Z', value: 22 } } },
        radios: { 1: { lastUpdate: '2026-11-21T08:59:00.000Z', online: true, lastSeq: 8 } },
        accepted: ['radio 1', 'radio 1'],
      },
    },
    {
      name: "a control's state and a metric its thing does not list yet",
      messages: [
        message('R-1', 'readings', {
          seq: 2,
          time: '2026-11-21T09:00:00.000Z',
          readings: [
            { thing: 'control', id: 12, metric: 'running', value: 1 },
            { thing: 'sensor', id: 31, metric: 'soil.ec', value: 0.4 },
          ],
        }),
      ],
      expected: {
        ...NOTHING,
        readings: [
          { seriesId: 102, time: '2026-11-21T09:00:00.000Z', value: 1 },
          { seriesId: 104, time: '2026-11-21T09:00:00.000Z', value: 0.4 },
        ],
        sensors: { 31: { 'soil.ec': { time: '2026-11-21T09:00:00.000Z', value: 0.4 } } },
        controls: { 12: { running: { time: '2026-11-21T09:00:00.000Z', value: 1 } } },
        radios: { 1: { lastUpdate: '2026-11-21T09:00:00.000Z', online: true, lastSeq: 2 } },
        accepted: ['radio 1'],
      },
    },
    {
      name: "a radio's status: its health, its health history, and the report time from the status time",
      messages: [
        message('R-1', 'status', {
          seq: 77,
          time: '2026-11-21T09:00:00.000Z',
          online: true,
          battery: 3.61,
          signal: -78,
          misses: 0,
          fault: false,
        }),
      ],
      expected: {
        ...NOTHING,
        readings: [
          { seriesId: 110, time: '2026-11-21T09:00:00.000Z', value: 3.61 },
          { seriesId: 111, time: '2026-11-21T09:00:00.000Z', value: -78 },
          { seriesId: 112, time: '2026-11-21T09:00:00.000Z', value: 0 },
        ],
        radios: {
          1: {
            lastUpdate: '2026-11-21T09:00:00.000Z',
            online: true,
            battery: 3.61,
            signal: -78,
            misses: 0,
            fault: false,
          },
        },
        accepted: ['radio 1'],
      },
    },
    {
      name: 'a status without a time reports at receipt; fields left out are left as stored',
      messages: [message('R-1', 'status', { online: true, battery: 3.2 })],
      expected: {
        ...NOTHING,
        readings: [{ seriesId: 110, time: RECEIVED, value: 3.2 }],
        radios: { 1: { lastUpdate: RECEIVED, online: true, battery: 3.2 } },
        accepted: ['radio 1'],
      },
    },
    {
      name: 'a status an hour old at receipt is history: its readings, not the current health',
      messages: [
        message('R-1', 'status', {
          seq: 5,
          time: '2026-11-21T08:00:05.000Z',
          online: true,
          battery: 3.5,
          fault: true,
        }),
        message('R-1', 'status', {
          seq: 6,
          time: '2026-11-21T08:10:05.000Z',
          online: true,
          battery: 3.49,
        }),
      ],
      expected: {
        ...NOTHING,
        readings: [
          { seriesId: 110, time: '2026-11-21T08:00:05.000Z', value: 3.5 },
          { seriesId: 110, time: '2026-11-21T08:10:05.000Z', value: 3.49 },
        ],
        radios: { 1: { lastUpdate: '2026-11-21T08:10:05.000Z', battery: 3.49, online: true } },
        accepted: ['radio 1', 'radio 1'],
      },
    },
    {
      name: "a unit's status with a battery keeps it as the unit's series",
      messages: [
        message('U-1', 'status', {
          seq: 9,
          time: '2026-11-21T09:00:00.000Z',
          online: true,
          battery: 12.6,
        }),
      ],
      expected: {
        ...NOTHING,
        readings: [{ seriesId: 120, time: '2026-11-21T09:00:00.000Z', value: 12.6 }],
        units: { 5: { lastUpdate: '2026-11-21T09:00:00.000Z', online: true, battery: 12.6 } },
        accepted: ['unit 5'],
      },
    },
    {
      name: 'the last will sets the device offline and is not a report',
      messages: [message('R-1', 'status', { online: false })],
      expected: {
        ...NOTHING,
        radios: { 1: { lastUpdate: null, online: false } },
        accepted: ['radio 1'],
      },
    },
    {
      name: "a unit's readings and status go to the unit",
      messages: [
        message('U-1', 'readings', {
          seq: 3,
          time: '2026-11-21T09:00:00.000Z',
          readings: [{ thing: 'sensor', id: 40, metric: 'level', value: 80 }],
        }),
        message('U-1', 'status', { seq: 4, time: '2026-11-21T09:00:01.000Z', online: true }),
      ],
      expected: {
        ...NOTHING,
        readings: [{ seriesId: 103, time: '2026-11-21T09:00:00.000Z', value: 80 }],
        sensors: { 40: { level: { time: '2026-11-21T09:00:00.000Z', value: 80 } } },
        units: { 5: { lastUpdate: '2026-11-21T09:00:01.000Z', online: true, lastSeq: 3 } },
        accepted: ['unit 5', 'unit 5'],
      },
    },
    {
      name: 'an unknown device, one the catalog has no word on, and one of another site',
      messages: [
        message('R-9', 'status', { online: true }),
        message('R-7', 'status', { online: true }),
        message('R-2', 'status', { online: true }),
      ],
      expected: {
        ...NOTHING,
        deadLetters: [
          'unknown device R-9',
          'unknown device',
          'device R-2 belongs to site 2, not site 1',
        ],
      },
    },
    {
      name: 'a reading of a thing not wired to the device refuses the whole message',
      messages: [
        message('R-1', 'readings', {
          seq: 5,
          time: '2026-11-21T09:00:00.000Z',
          readings: [soil(30), { thing: 'sensor', id: 40, metric: 'level', value: 80 }],
        }),
      ],
      expected: { ...NOTHING, deadLetters: ['sensor 40 is not wired to R-1'] },
    },
    {
      name: 'messages that did not read are dead letters beside the ones taken',
      messages: [
        message('R-1', 'readings', '{not json'),
        message('R-1', 'status', { online: 'yes' }),
        message('R-1', 'status', { online: true }),
      ],
      expected: {
        ...NOTHING,
        deadLetters: [
          expect.stringMatching(/^payload is not JSON: /),
          'invalid status: online: Invalid input: expected boolean, received string',
        ],
        radios: { 1: { lastUpdate: RECEIVED, online: true } },
        accepted: ['radio 1'],
      },
    },
  ])('$name', ({ messages, expected }) => {
    expect(summary(planBatch(messages, ROWS))).toEqual(expected);
  });

  it('keeps a dead letter whole: the payload as text, or base64 when it is not UTF-8', () => {
    const bytes = Buffer.from([0xff, 0xfe, 0x00]);
    const plan = planBatch(
      [message('R-1', 'status', bytes), message('R-9', 'status', { online: true })],
      ROWS,
    );
    expect(plan.deadLetters).toEqual([
      {
        topic: 'paddock/v1/1/R-1/up/status',
        payload: bytes.toString('base64'),
        reason: 'payload is not UTF-8 text (kept here as base64)',
        receivedAt: new Date(RECEIVED),
      },
      {
        topic: 'paddock/v1/1/R-9/up/status',
        payload: '{"online":true}',
        reason: 'unknown device R-9',
        receivedAt: new Date(RECEIVED),
      },
    ]);
  });

  it('fails loudly when a taken reading has no series (the catalog must create it first)', () => {
    const rows: CurrentRows = { devices: ROWS.devices, seriesIds: new Map() };
    const batch = [
      message('R-1', 'readings', { seq: 1, time: '2026-11-21T09:00:00.000Z', readings: [soil(1)] }),
    ];
    expect(() => planBatch(batch, rows)).toThrow('series missing after creation');
  });
});

describe('deadLetterPlan', () => {
  it('keeps every message of the batch with the one reason, and writes nothing else', () => {
    const batch = [
      message('R-1', 'status', { online: true }),
      { ...message('R-1', 'status', { online: true }), uplink: null, problem: RETAINED_UPLINK },
    ];
    const plan = deadLetterPlan(batch, 'could not be stored: value out of range');
    expect(summary(plan)).toEqual({
      ...NOTHING,
      deadLetters: [
        'could not be stored: value out of range',
        'could not be stored: value out of range',
      ],
    });
  });

  it('cuts a reason at 1000 characters', () => {
    const plan = deadLetterPlan([message('R-1', 'status', { online: true })], 'x'.repeat(5000));
    expect(plan.deadLetters[0]?.reason).toHaveLength(1000);
  });
});

describe('wantedSeries', () => {
  it('names the series of the readings taken, once each, and none of refused messages', () => {
    const wanted = wantedSeries(
      [
        message('R-1', 'readings', {
          seq: 1,
          time: '2026-11-21T09:00:00.000Z',
          readings: [soil(1), soil(2, { time: '2026-11-21T08:00:00.000Z' })],
        }),
        message('U-1', 'readings', {
          seq: 1,
          time: '2026-11-21T09:00:00.000Z',
          readings: [{ thing: 'sensor', id: 40, metric: 'level', value: 1 }],
        }),
        message('R-1', 'readings', {
          seq: 2,
          time: '2026-11-21T09:00:00.000Z',
          readings: [{ thing: 'sensor', id: 99, metric: 'level', value: 1 }],
        }),
        message('R-9', 'readings', {
          seq: 1,
          time: '2026-11-21T09:00:00.000Z',
          readings: [soil(1)],
        }),
      ],
      ROWS.devices,
    );
    expect([...wanted.values()]).toEqual([
      { siteId: 1, type: 'sensor', id: 31, metric: 'soil.moisture' },
      { siteId: 1, type: 'sensor', id: 40, metric: 'level' },
    ]);
  });

  it("names a status's health series under its radio or unit, only for the fields it carries", () => {
    const wanted = wantedSeries(
      [
        message('R-1', 'status', { online: true, battery: 3.6, signal: -80 }),
        message('R-1', 'status', { online: true, battery: 3.59, misses: 1 }),
        message('U-1', 'status', { online: true }),
        message('R-1', 'status', { online: false }),
      ],
      ROWS.devices,
    );
    expect([...wanted.values()]).toEqual([
      { siteId: 1, type: 'radio', id: 1, metric: 'battery' },
      { siteId: 1, type: 'radio', id: 1, metric: 'signal' },
      { siteId: 1, type: 'radio', id: 1, metric: 'misses' },
    ]);
  });
});

describe('topicChanges', () => {
  const topic = (metric: string, lastValue: number | null, timestamp: string | null) =>
    ({ metric, type: 'analog', lastValue, timestamp }) as SensorTopic;
  const at = (metric: string, time: string, value: number): Latest =>
    new Map([[metric, { time: ms(time), value }]]);

  it.each([
    {
      name: 'a newer value replaces the stored one',
      topics: [topic('soil.moisture', 30, '2026-11-21T08:00:00.000Z')],
      latest: at('soil.moisture', '2026-11-21T09:00:00.000Z', 31),
      expected: [
        {
          id: 7,
          topics: [topic('soil.moisture', 31, '2026-11-21T09:00:00.000Z')],
          running: null,
        },
      ],
    },
    {
      name: 'an older or equally old value changes nothing',
      topics: [topic('soil.moisture', 30, '2026-11-21T09:00:00.000Z')],
      latest: at('soil.moisture', '2026-11-21T09:00:00.000Z', 29),
      expected: [],
    },
    {
      name: 'a topic never reported takes the value',
      topics: [topic('soil.moisture', null, null)],
      latest: at('soil.moisture', '2026-11-21T09:00:00.000Z', 31),
      expected: [
        {
          id: 7,
          topics: [topic('soil.moisture', 31, '2026-11-21T09:00:00.000Z')],
          running: null,
        },
      ],
    },
    {
      name: 'a metric not listed yet is added, as analog',
      topics: [],
      latest: at('soil.ec', '2026-11-21T09:00:00.000Z', 0.4),
      expected: [
        { id: 7, topics: [topic('soil.ec', 0.4, '2026-11-21T09:00:00.000Z')], running: null },
      ],
    },
    {
      name: 'a state not listed yet is added as digital, and running sets isRunning',
      topics: [],
      latest: at('running', '2026-11-21T09:00:00.000Z', 1),
      expected: [
        {
          id: 7,
          topics: [
            {
              metric: 'running',
              type: 'digital',
              lastValue: 1,
              timestamp: '2026-11-21T09:00:00.000Z',
            },
          ],
          running: true,
        },
      ],
    },
    {
      name: 'running 0 clears isRunning',
      topics: [{ ...topic('running', 1, '2026-11-21T08:00:00.000Z'), type: 'digital' }],
      latest: at('running', '2026-11-21T09:00:00.000Z', 0),
      expected: [
        {
          id: 7,
          topics: [
            {
              metric: 'running',
              type: 'digital',
              lastValue: 0,
              timestamp: '2026-11-21T09:00:00.000Z',
            },
          ],
          running: false,
        },
      ],
    },
  ] as { name: string; topics: SensorTopic[]; latest: Latest; expected: unknown[] }[])(
    '$name',
    ({ topics, latest, expected }) => {
      const before = structuredClone(topics);
      expect(
        topicChanges(
          [{ id: 7 }, { id: 8 }].map((row) => ({ ...row, topics })),
          new Map([[7, latest]]),
        ),
      ).toEqual(expected);
      // The stored rows are read, never changed in place.
      expect(topics).toEqual(before);
    },
  );
});

describe('followupOf', () => {
  it('names the things and devices a batch heard from, ids ascending', () => {
    const plan = planBatch(
      [
        message('U-1', 'readings', {
          seq: 1,
          time: '2026-11-21T09:00:00.000Z',
          readings: [{ thing: 'sensor', id: 40, metric: 'level', value: 1 }],
        }),
        message('R-1', 'readings', {
          seq: 1,
          time: '2026-11-21T09:00:00.000Z',
          readings: [{ thing: 'control', id: 12, metric: 'running', value: 0 }, soil(3)],
        }),
        message('R-9', 'status', { online: true }),
      ],
      ROWS,
    );
    expect(followupOf(plan, 2)).toEqual({
      sensors: [31, 40],
      controls: [12],
      radios: [1],
      units: [5],
      readingsInserted: 2,
      deadLettered: 1,
    });
  });

  it('is null for a batch that took nothing (dead letters only)', () => {
    const plan = planBatch([message('R-9', 'status', { online: true })], ROWS);
    expect(followupOf(plan, 0)).toBeNull();
  });
});
