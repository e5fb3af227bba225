/** Weather sensor (§3): one reading shown on the weather map, metadata or a measurement. */
import { z } from 'zod';
import { latLngSchema } from './geometry.ts';
import { idSchema } from './primitives.ts';
import { deviceTagsSchema } from './radio.ts';
import { weatherSensorTypeSchema } from './vocabulary.ts';

/** The text shown for a reading that has no value (§3 "value … or text --"). */
export const NO_READING = '--';

export const weatherSensorSchema = z.object({
  type: weatherSensorTypeSchema,
  value: z.union([z.number(), z.literal(NO_READING)]),
  /** Already a position, not text. */
  location: latLngSchema,
  /** Section id. */
  section: idSchema.nullable(),
  tags: deviceTagsSchema,
  /** Unit id. */
  unit: idSchema.nullable(),
  /** Sensor id. */
  sensor: idSchema.nullable(),
});
export type WeatherSensor = z.infer<typeof weatherSensorSchema>;
