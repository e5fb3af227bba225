/**
 * Field protocol payloads (docs/field-protocol.md): JSON, UTF-8, one object per MQTT message,
 * QoS 1. The server parses every uplink with these schemas at the boundary; a message that does
 * not parse goes to the dead-letter table with the reason, never silently away.
 */
import { z } from 'zod';
import { ID_MAX, INSTANT_MAX_MS, INSTANT_MIN_MS } from '../constants/limits.ts';
import { latLngSchema } from '../entities/geometry.ts';
import { idSchema, isoDateTimeSchema, requestIdSchema } from '../entities/primitives.ts';
import { controlTypeSchema, sensorTypeSchema } from '../entities/vocabulary.ts';
import { devEuiSchema } from '../lorawan/dev-eui.ts';
import { serialnoSchema } from './topics.ts';

/** At most this many readings in one message: a device's 10-minute batch fits many times over. */
export const MAX_READINGS_PER_MESSAGE = 500;

/** A device's message counter: +1 per uplink of a kind, so gaps and repeats are visible. */
const sequenceSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** What a reading is of: one of the device's sensors or controls (valves report running/fault). */
export const readingThingSchema = z.enum(['sensor', 'control']);
export type ReadingThing = z.infer<typeof readingThingSchema>;

const METRIC_NAME = /^[A-Za-z][A-Za-z0-9_.]{0,63}$/;

/** Metric names as in a sensor topic (§3), e.g. soil.moisture, temperature, fault, running. */
export const metricNameSchema = z
  .string()
  .regex(METRIC_NAME, 'A metric is a name like soil.moisture');

export const readingSchema = z.object({
  thing: readingThingSchema,
  /** The sensor's or control's id, as given in the device's config. */
  id: idSchema,
  metric: metricNameSchema,
  value: z.number().refine(Number.isFinite, 'A value is a finite number'),
  /** When it was measured (device clock); defaults to the message's time. */
  time: isoDateTimeSchema.optional(),
});
export type Reading = z.infer<typeof readingSchema>;

/**
 * `up/readings`: measurements with the device's time. The natural key of a reading is
 * (thing, id, metric, time): a QoS 1 redelivery or a device's resend is stored once.
 */
export const readingsUplinkSchema = z.object({
  seq: sequenceSchema,
  time: isoDateTimeSchema,
  readings: z.array(readingSchema).min(1).max(MAX_READINGS_PER_MESSAGE),
});
export type ReadingsUplink = z.infer<typeof readingsUplinkSchema>;

/**
 * A readings uplink of the shape devices send (times as `Date.prototype.toISOString` writes
 * them), read as readingsUplinkSchema would read it at a fraction of the cost: ingest reads ten
 * thousand a second, and the schema's checks were the largest part of reading one. Anything else
 * gives null and is judged by the schema, whose reasons go into the dead letter. This accepts
 * nothing the schema refuses and gives what the schema would give (messages.test.ts holds it to
 * both with generated messages); it only refuses more.
 */
export function readReadingsUplinkFast(json: unknown): ReadingsUplink | null {
  if (!isRecord(json)) return null;
  const { seq, time, readings } = json;
  if (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 0) return null;
  if (seq > Number.MAX_SAFE_INTEGER || !isCanonicalInstant(time)) return null;
  if (!Array.isArray(readings) || readings.length < 1) return null;
  if (readings.length > MAX_READINGS_PER_MESSAGE) return null;
  const read: Reading[] = [];
  for (const reading of readings as unknown[]) {
    if (!isRecord(reading)) return null;
    const { thing, id, metric, value, time: at } = reading;
    if (thing !== 'sensor' && thing !== 'control') return null;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > ID_MAX) return null;
    if (typeof metric !== 'string' || !METRIC_NAME.test(metric)) return null;
    if (typeof value !== 'number' || !Number.isFinite(value)) return null;
    if (at === undefined) {
      // As the schema gives it: a time key left undefined stays (JSON never has one).
      read.push(
        'time' in reading ? { thing, id, metric, value, time: at } : { thing, id, metric, value },
      );
      continue;
    }
    if (!isCanonicalInstant(at)) return null;
    read.push({ thing, id, metric, value, time: at });
  }
  return { seq, time, readings: read };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `YYYY-MM-DDTHH:mm:ss.sssZ`, exactly as JS writes an instant, of a real calendar day in the
 * product's range. Read digit by digit: Date.parse and toISOString per reading cost more than
 * the rest of the message together.
 */
function isCanonicalInstant(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 24) return false;
  for (let index = 0; index < 24; index++) {
    const code = value.charCodeAt(index);
    const expected = INSTANT_SHAPE.charCodeAt(index);
    if (expected === DIGIT ? code < 48 || code > 57 : code !== expected) return false;
  }
  const year = number(value, 0, 4);
  const month = number(value, 5, 2);
  const day = number(value, 8, 2);
  const hour = number(value, 11, 2);
  const minute = number(value, 14, 2);
  const second = number(value, 17, 2);
  if (year < 1970 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second, number(value, 20, 3));
  return ms >= INSTANT_MIN_MS && ms <= INSTANT_MAX_MS;
}

const INSTANT_SHAPE = '0000-00-00T00:00:00.000Z';
const DIGIT = 48;

function number(text: string, from: number, length: number): number {
  let value = 0;
  for (let index = from; index < from + length; index++)
    value = value * 10 + text.charCodeAt(index) - 48;
  return value;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * `up/status`: the radio's or unit's health (§3 radio batteryValue, signalValue, missesValue,
 * online, fault). Also the last-will message (`online: false`), which the device registers when it
 * connects and so cannot number: `seq` is optional.
 */
export const statusUplinkSchema = z.object({
  seq: sequenceSchema.optional(),
  time: isoDateTimeSchema.optional(),
  online: z.boolean(),
  /** Volts. */
  battery: z.number().refine(Number.isFinite).optional(),
  /** dBm. */
  signal: z.number().refine(Number.isFinite).optional(),
  /** Reports the radio missed since its last status. */
  misses: z.number().int().nonnegative().optional(),
  fault: z.boolean().optional(),
});
export type StatusUplink = z.infer<typeof statusUplinkSchema>;

/** The phases a command passes through on the device. */
export const commandPhaseSchema = z.enum(['accepted', 'done', 'failed']);
export type CommandPhase = z.infer<typeof commandPhaseSchema>;

/** `up/ack`: the device took a command (`accepted`), carried it out (`done`) or could not (`failed`). */
export const ackUplinkSchema = z.object({
  commandId: z.uuid(),
  phase: commandPhaseSchema,
  time: isoDateTimeSchema,
  /** Why it failed, e.g. 'valve fault'. */
  reason: z.string().max(500).optional(),
});
export type AckUplink = z.infer<typeof ackUplinkSchema>;

export const commandActionSchema = z.enum(['open', 'close', 'ping', 'fanStart', 'fanStop']);
export type CommandAction = z.infer<typeof commandActionSchema>;

/**
 * `down/command`: open or close some of the device's controls, ping it, or start or stop a frost
 * fan whose engine controller is one of its sensors. An open always carries a fail-safe duration:
 * the device closes the controls itself when it runs out, so a valve never stays open because the
 * server or the link went away. A fan start carries none: the controller's own stop rules (the
 * stop temperature, the wind, the trip hours) stop the engine, as they do a run it started itself.
 */
export const commandDownlinkSchema = z.discriminatedUnion('action', [
  z.object({
    commandId: z.uuid(),
    requestId: requestIdSchema.nullable(),
    time: isoDateTimeSchema,
    action: z.literal('open'),
    controls: z.array(idSchema).min(1),
    durationSeconds: z.number().positive(),
  }),
  z.object({
    commandId: z.uuid(),
    requestId: requestIdSchema.nullable(),
    time: isoDateTimeSchema,
    action: z.literal('close'),
    controls: z.array(idSchema).min(1),
  }),
  z.object({
    commandId: z.uuid(),
    requestId: requestIdSchema.nullable(),
    time: isoDateTimeSchema,
    action: z.literal('ping'),
  }),
  z.object({
    commandId: z.uuid(),
    requestId: requestIdSchema.nullable(),
    time: isoDateTimeSchema,
    action: z.literal('fanStart'),
    /** The fan: its engine controller's sensor id, as the device's config lists it. */
    fan: idSchema,
  }),
  z.object({
    commandId: z.uuid(),
    requestId: requestIdSchema.nullable(),
    time: isoDateTimeSchema,
    action: z.literal('fanStop'),
    fan: idSchema,
  }),
]);
export type CommandDownlink = z.infer<typeof commandDownlinkSchema>;

/**
 * `down/config` (retained): what the server knows of the device — its sensors with their metrics
 * and its controls — so a device (or the simulator) reports under the right ids.
 */
export const configDownlinkSchema = z.object({
  time: isoDateTimeSchema,
  device: z.object({
    kind: z.enum(['radio', 'unit']),
    id: idSchema,
    serialno: serialnoSchema,
    /** Radio type (WVC, WMR, LoRa); units have none. */
    type: z.string().nullable(),
    areaId: idSchema.nullable(),
    /** The zone or block the radio sits in: a soil probe's water comes from its zone's valves. */
    sectionId: idSchema.nullable(),
    /** Where the device stands; its local solar time drives daily cycles (the simulator's weather). */
    location: latLngSchema.nullable(),
    /** How often the device reports; past it (plus grace) the device is overdue (§4). */
    reportIntervalSeconds: z.number().int().positive(),
    repeater: z.boolean(),
    coordinator: z.boolean(),
    /**
     * The radio's LoRaWAN devEUI when it has one: it then reaches the server through its site's
     * network server link, matched by this, not by this protocol. Gateways that are no network
     * server pass it over; the simulator's network server mode publishes such a radio's reports
     * as the network server's uplinks (docs/field-protocol.md "Simulator").
     */
    devEui: devEuiSchema.nullable().optional(),
  }),
  sensors: z.array(
    z.object({
      id: idSchema,
      type: sensorTypeSchema,
      identifier: z.string().nullable(),
      metrics: z.array(metricNameSchema),
    }),
  ),
  controls: z.array(
    z.object({
      id: idSchema,
      type: controlTypeSchema,
      number: z.number().int().nonnegative(),
      sectionId: idSchema.nullable(),
    }),
  ),
});
export type ConfigDownlink = z.infer<typeof configDownlinkSchema>;
