/**
 * The readings uplink's fast reading against the schema, which stays the authority: on messages
 * generated near the edges of every rule, the fast reading accepts only what the schema accepts,
 * and gives exactly what the schema gives; on messages of the shape devices send it accepts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ID_MAX, INSTANT_MAX_MS } from '../constants/limits.ts';
import {
  MAX_READINGS_PER_MESSAGE,
  readReadingsUplinkFast,
  readingsUplinkSchema,
} from './messages.ts';

const instant = fc.date({
  min: new Date('1960-01-01T00:00:00.000Z'),
  max: new Date(INSTANT_MAX_MS + 86_400_000),
  noInvalidDate: true,
});

/** Times as devices write them, and near misses: other precisions, offsets, impossible days. */
const time = fc.oneof(
  instant.map((date) => date.toISOString()),
  instant.map((date) => date.toISOString().replace('.000Z', 'Z')),
  instant.map((date) => date.toISOString().replace('Z', '+00:00')),
  instant.map((date) => date.toISOString().slice(0, 23)),
  fc.constantFrom(
    '2021-02-29T00:00:00.000Z',
    '2024-02-29T12:00:00.000Z',
    '2100-02-29T00:00:00.000Z',
    '2000-02-29T00:00:00.000Z',
    '2021-04-31T00:00:00.000Z',
    '2021-13-01T00:00:00.000Z',
    '2021-00-10T00:00:00.000Z',
    '2021-01-01T24:00:00.000Z',
    '2021-01-01T23:60:00.000Z',
    '2021-01-01T23:59:60.000Z',
    '1969-12-31T23:59:59.999Z',
    '0080-01-01T00:00:00.000Z',
    '2021-01-01 00:00:00.000Z',
    '２021-01-01T00:00:00.000Z',
  ),
  fc.string({ maxLength: 30 }),
);

const number = fc.oneof(
  fc.integer({ min: -2, max: 5 }),
  fc.constantFrom(ID_MAX, ID_MAX + 1, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2),
  fc.double(),
  fc.constantFrom(Number.NaN, Infinity, -0, 1.5),
);

const reading = fc.record(
  {
    thing: fc.constantFrom('sensor', 'control', 'radio', 1),
    id: number,
    metric: fc.oneof(
      fc.constantFrom('soil.moisture', 'running', 'fault', 'a', '1a', 'soil moisture', ''),
      fc.string({ maxLength: 70 }),
    ),
    value: number,
    time,
    extra: fc.string(),
  },
  { requiredKeys: [] },
);

const message = fc.record(
  {
    seq: number,
    time,
    readings: fc.oneof(
      fc.array(reading, { maxLength: 4 }),
      fc.constant([]),
      fc.constant('readings'),
      fc.constant(null),
    ),
    note: fc.string(),
  },
  { requiredKeys: [] },
);

/** A time as devices write it. */
const sentTime = fc
  .date({
    min: new Date('1970-01-01T00:00:00.000Z'),
    max: new Date(INSTANT_MAX_MS),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString());

/** Messages as devices send them. */
const sent = fc.record({
  seq: fc.integer({ min: 0, max: 1_000_000 }),
  time: sentTime,
  readings: fc.array(
    fc.record(
      {
        thing: fc.constantFrom('sensor' as const, 'control' as const),
        id: fc.integer({ min: 1, max: ID_MAX }),
        metric: fc.constantFrom('soil.moisture', 'soil.ec', 'running', 'fault', 'rpm'),
        value: fc.double({ noNaN: true, noDefaultInfinity: true }),
        time: sentTime,
      },
      { requiredKeys: ['thing', 'id', 'metric', 'value'] },
    ),
    { minLength: 1, maxLength: 5 },
  ),
});

/** A sent message with one field set to a value near or past the edge of its rule. */
const nearMiss = fc
  .tuple(
    sent,
    fc.constantFrom(
      'seq',
      'time',
      'readings',
      'thing',
      'id',
      'metric',
      'value',
      'readingTime',
      'tooMany',
    ),
    fc.oneof(
      time,
      number,
      reading.map((r) => r.thing),
      reading.map((r) => r.metric),
      fc.anything(),
    ),
  )
  .map(([json, field, value]) => {
    const readings: Record<string, unknown>[] = json.readings.map((entry) => ({ ...entry }));
    const copy: Record<string, unknown> = { ...json, readings };
    const first = readings[0] as Record<string, unknown>;
    if (field === 'tooMany') copy.readings = Array(MAX_READINGS_PER_MESSAGE + 1).fill(first);
    else if (field === 'readingTime') first.time = value;
    else if (field in first && field !== 'time') first[field] = value;
    else copy[field] = value;
    return copy;
  });

describe('readReadingsUplinkFast', () => {
  it('accepts only what the schema accepts, and gives what it gives', () => {
    fc.assert(
      fc.property(fc.oneof(nearMiss, message, fc.anything()), (json) => {
        const fast = readReadingsUplinkFast(json);
        if (fast === null) return;
        const parsed = readingsUplinkSchema.safeParse(json);
        expect(parsed.success).toBe(true);
        expect(fast).toStrictEqual(parsed.data);
      }),
      { numRuns: 30_000 },
    );
  });

  it('reads the messages devices send', () => {
    fc.assert(
      fc.property(sent, (json) => {
        expect(readReadingsUplinkFast(json)).toStrictEqual(readingsUplinkSchema.parse(json));
      }),
      { numRuns: 2_000 },
    );
  });

  it('leaves the schema to refuse, with its reasons', () => {
    const json = {
      seq: 1,
      time: '2026-11-26T03:00:00.000Z',
      readings: [{ thing: 'sensor', id: 4, metric: 'soil moisture', value: 1 }],
    };
    expect(readReadingsUplinkFast(json)).toBeNull();
    expect(readingsUplinkSchema.safeParse(json).success).toBe(false);
  });
});
