/** Unit (§3): a field unit (logger) that radios and sensors report through. */
import { z } from 'zod';
import { locationTextSchema } from './geometry.ts';
import { idSchema, nonEmptyStringSchema, nullableIsoDateTimeSchema } from './primitives.ts';

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
});
export type Unit = z.infer<typeof unitSchema>;
