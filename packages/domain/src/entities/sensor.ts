/** Sensor (§3): a measuring device and its topics (the metrics it reports). */
import { z } from 'zod';
import { geometrySchema, locationTextSchema } from './geometry.ts';
import { LABEL_MAX_LENGTH } from '../constants/limits.ts';
import {
  idSchema,
  nonEmptyStringSchema,
  nullableIsoDateTimeSchema,
  trimmedTextSchema,
} from './primitives.ts';
import { deviceTagsBodySchema, deviceTagsSchema } from './radio.ts';
import { sensorTypeSchema } from './vocabulary.ts';

/** One reported metric of a device (§3 topics): its last value and when it came. */
export const sensorTopicSchema = z.object({
  /** Metric name, e.g. soil.moisture, fault, overdue. */
  metric: nonEmptyStringSchema,
  /** Kind of signal, e.g. analog or digital (§9 "digital condition overdue"); free text. */
  type: nonEmptyStringSchema,
  /** Null until the topic has reported. */
  lastValue: z.number().nullable(),
  timestamp: nullableIsoDateTimeSchema,
});
export type SensorTopic = z.infer<typeof sensorTopicSchema>;

export const sensorSchema = z.object({
  id: idSchema,
  type: sensorTypeSchema,
  /** Radio id. */
  radio: idSchema.nullable(),
  /** Unit id. */
  unit: idSchema.nullable(),
  /** Point text. */
  location: locationTextSchema.nullable(),
  geometry: geometrySchema.nullable().optional(),
  tags: deviceTagsSchema,
  topics: z.array(sensorTopicSchema),
  label: z.string(),
  serialno: z.string(),
});
export type Sensor = z.infer<typeof sensorSchema>;

/** PUT sensors/{id} (§7 gives no body). Decision: label, location, tags; at least one. */
export const sensorUpdateBodySchema = z
  .strictObject({
    label: trimmedTextSchema(LABEL_MAX_LENGTH),
    location: locationTextSchema.nullable(),
    tags: deviceTagsBodySchema,
  })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to update: give label, location or tags',
  });
export type SensorUpdateBody = z.infer<typeof sensorUpdateBodySchema>;
