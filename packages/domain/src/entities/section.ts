/** Section (§3): a zone of an area (irrigationZone) or a multi-layer sensing section. */
import { z } from 'zod';
import { locationTextSchema, outlineTextSchema } from './geometry.ts';
import { LABEL_MAX_LENGTH } from '../constants/limits.ts';
import { idSchema, nonEmptyStringSchema, trimmedTextSchema } from './primitives.ts';
import { sectionTypeSchema } from './vocabulary.ts';

export const sectionSchema = z.object({
  id: idSchema,
  /** The zone's number within its area, used for sorting and labels. */
  number: z.number().int().nonnegative(),
  label: nonEmptyStringSchema,
  type: sectionTypeSchema,
  /** Area id. */
  area: idSchema,
  /** Polygon text (§3 "outline/location"); a section has an outline, a location, or both. */
  outline: outlineTextSchema.nullable().optional(),
  /** Point text. */
  location: locationTextSchema.nullable().optional(),
  /** Selected on the map (§4 map selection). */
  selected: z.boolean().optional(),
});
export type Section = z.infer<typeof sectionSchema>;

/**
 * PUT sections/{id} (§7 gives no body). Decision: the editable fields (label, outline, location),
 * at least one.
 */
export const sectionUpdateBodySchema = z
  .strictObject({
    label: trimmedTextSchema(LABEL_MAX_LENGTH),
    outline: outlineTextSchema.nullable(),
    location: locationTextSchema.nullable(),
  })
  .partial()
  .refine(
    (body) => body.label !== undefined || body.outline !== undefined || body.location !== undefined,
    'Nothing to update: give label, outline or location',
  );
export type SectionUpdateBody = z.infer<typeof sectionUpdateBodySchema>;
