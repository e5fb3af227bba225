/**
 * Field protocol payloads (docs/field-protocol.md): JSON, UTF-8, one object per MQTT message,
 * QoS 1. The server parses every uplink with these schemas at the boundary; a message that does
 * not parse goes to the dead-letter table with the reason, never silently away.
 */
import { z } from 'zod';
import { latLngSchema } from '../entities/geometry.ts';
import { idSchema, isoDateTimeSchema, requestIdSchema } from '../entities/primitives.ts';
import { controlTypeSchema, sensorTypeSchema } from '../entities/vocabulary.ts';
import { serialnoSchema } from './topics.ts';

/** At most this many readings in one message: a device's 10-minute batch fits many times over. */
export const MAX_READINGS_PER_MESSAGE = 500;

/** A device's message counter: +1 per uplink of a kind, so gaps and repeats are visible. */
const sequenceSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** What a reading is of: one of the device's sensors or controls (valves report running/fault). */
export const readingThingSchema = z.enum(['sensor', 'control']);
export type ReadingThing = z.infer<typeof readingThingSchema>;

/** Metric names as in a sensor topic (§3), e.g. soil.moisture, temperature, fault, running. */
export const metricNameSchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_.]{0,63}$/, 'A metric is a name like soil.moisture');

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

export const commandActionSchema = z.enum(['open', 'close', 'ping']);
export type CommandAction = z.infer<typeof commandActionSchema>;

/**
 * `down/command`: open or close some of the device's controls, or ping it. An open always carries
 * a fail-safe duration: the device closes the controls itself when it runs out, so a valve never
 * stays open because the server or the link went away.
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
