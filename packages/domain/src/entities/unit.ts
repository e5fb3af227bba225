/** Unit (§3): a field unit (logger) that radios and sensors report through. */
import { z } from 'zod';
import { locationTextSchema } from './geometry.ts';
import { idSchema, nonEmptyStringSchema, nullableIsoDateTimeSchema } from './primitives.ts';
import { reportIntervalSchema } from './radio.ts';

export const unitSchema = z.object({
  id: idSchema,
  serialno: nonEmptyStringSchema,
  /** Site id. */
  site: idSchema,
  /** Ids of the areas the unit serves. */
  areas: z.array(idSchema),
  /** No report within the expected time (§4: danger colour). */
  overdue: z.boolean(),
  lastUpdate: nullableIsoDateTimeSchema,
  /** Point text. */
  location: locationTextSchema.nullable(),
  /** Radio id. */
  radio: idSchema.nullable(),
  /** Ours: how often it reports, seconds (overdue past 1.5 of them). */
  reportIntervalSeconds: z.number().int().positive().optional(),
});
export type Unit = z.infer<typeof unitSchema>;

/** PUT units/{id} (ours): the reporting interval, which needs the install privilege. */
export const unitUpdateBodySchema = z.strictObject({
  reportIntervalSeconds: reportIntervalSchema,
});
export type UnitUpdateBody = z.infer<typeof unitUpdateBodySchema>;
