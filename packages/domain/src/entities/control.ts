/** Control (§3): a valve, pump, add-on valve or pivot that the console can run and test. */
import { z } from 'zod';
import { locationTextSchema } from './geometry.ts';
import {
  idSchema,
  isoDateTimeSchema,
  nonEmptyStringSchema,
  requestIdSchema,
} from './primitives.ts';
import { runTimeSchema } from './program.ts';
import { sensorTopicSchema } from './sensor.ts';
import { controlTypeSchema, zoneApplicationStatusSchema } from './vocabulary.ts';

/** What the control is doing in the current or last program run (§3). */
export const controlApplicationSchema = z.object({
  status: zoneApplicationStatusSchema,
  startTime: runTimeSchema,
  /** Left out of runs by its control config (§4 not-interested icon). */
  exclude: z.boolean(),
  hasFaults: z.boolean(),
});
export type ControlApplication = z.infer<typeof controlApplicationSchema>;

export const controlSchema = z.object({
  id: idSchema,
  number: z.number().int().nonnegative(),
  label: nonEmptyStringSchema,
  type: controlTypeSchema,
  /** Radio id. */
  radio: idSchema.nullable(),
  /** Unit id. */
  unit: idSchema.nullable(),
  /** Area id. */
  area: idSchema,
  /** Section id; a valve belongs to the zone it waters (§2 redirect). */
  section: idSchema.nullable(),
  /** Point text. */
  location: locationTextSchema.nullable(),
  /** Null when the control is in no program. */
  application: controlApplicationSchema.nullable(),
  /** Reported metrics; a non-zero fault topic makes a fault (§4). */
  topics: z.array(sensorTopicSchema),
  modified: isoDateTimeSchema,
  /**
   * §4 device status reads presence: both present decide becoming-active/active/inactive, one
   * present decides alone, both absent is unknown. So these stay optional, never defaulted.
   */
  startRequested: z.boolean().optional(),
  isRunning: z.boolean().optional(),
});
export type Control = z.infer<typeof controlSchema>;

/** POST controls/{id}/test (§7): optionally the request being followed up. */
export const controlTestBodySchema = z.strictObject({ requestId: requestIdSchema.optional() });
export type ControlTestBody = z.infer<typeof controlTestBodySchema>;
