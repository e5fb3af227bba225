/** Area (§3): an irrigation, water or frost part of a site, with its capabilities and sections. */
import { z } from 'zod';
import { boundsSchema, geometrySchema, outlineTextSchema } from './geometry.ts';
import { LABEL_MAX_LENGTH } from '../constants/limits.ts';
import { idSchema, nonEmptyStringSchema, trimmedTextSchema } from './primitives.ts';
import { sectionSchema } from './section.ts';
import { waterBalanceSettingsSchema } from '../water-balance/parameters.ts';
import { areaCapabilitySchema, areaStatusSchema, areaTypeSchema } from './vocabulary.ts';

export const areaSettingsSchema = z.object({
  bounds: boundsSchema.optional(),
  /** The soil and crop of the area's zones for their water balance (issue 30 item 3). */
  waterBalance: waterBalanceSettingsSchema.optional(),
});
export type AreaSettings = z.infer<typeof areaSettingsSchema>;

export const areaSchema = z.object({
  id: idSchema,
  /** Site id. */
  site: idSchema,
  label: nonEmptyStringSchema,
  /** Empty type is treated as water (add-ons), §3. */
  type: areaTypeSchema,
  capabilities: z.array(areaCapabilitySchema),
  /** Absent when fetched with withoutSections=true (§7). */
  sections: z.array(sectionSchema).optional(),
  settings: areaSettingsSchema,
  geometry: geometrySchema.nullable().optional(),
  /** Polygon text. */
  outline: outlineTextSchema.nullable().optional(),
  /** Null until the area has reported. */
  status: areaStatusSchema.nullable(),
  hasFaults: z.boolean(),
  /** Alarms of the area raise notifications. */
  alarmsActive: z.boolean(),
  /** Decision: a flag; the spec does not say whether snoozing carries an end time. */
  snoozed: z.boolean(),
});
export type Area = z.infer<typeof areaSchema>;

/** PUT areas/{id}: rename. */
export const areaRenameBodySchema = z.strictObject({ label: trimmedTextSchema(LABEL_MAX_LENGTH) });
/** PUT areas/{id}: turn the area's alarms on or off. */
export const areaAlarmsActiveBodySchema = z.strictObject({
  site: idSchema,
  alarmsActive: z.boolean(),
});
/** PUT areas/{id}: snooze or wake the area's alarms. */
export const areaSnoozeBodySchema = z.strictObject({ site: idSchema, snoozed: z.boolean() });

/**
 * PUT areas/{id} (§7): label, or site plus alarmsActive, or site plus snoozed. Each form is strict
 * so a body mixing two forms is refused rather than silently trimmed to one.
 */
export const areaUpdateBodySchema = z.union([
  areaRenameBodySchema,
  areaAlarmsActiveBodySchema,
  areaSnoozeBodySchema,
]);
export type AreaUpdateBody = z.infer<typeof areaUpdateBodySchema>;
