/**
 * Site summary (§2 {siteId}/summary, §7 GET sites/{id}/summary) and the dashboard filter options
 * (GET sites/filter). The spec names the page, not the shape; this shape is ours.
 */
import { z } from 'zod';
import { idSchema, nonEmptyStringSchema, nullableIsoDateTimeSchema } from './primitives.ts';
import { frostSummarySchema } from '../frost/schemas.ts';
import { SHOWN_SUMMARY_KINDS } from '../constants/summary-kinds.ts';
import { areaStatusSchema, areaTypeSchema, programActivitySchema } from './vocabulary.ts';

const countSchema = z.number().int().nonnegative();

/** Hardware counts of an area; overdue hardware is not counted in faults or warnings (§4). */
export const summaryHardwareCountsSchema = z.object({
  radios: countSchema,
  units: countSchema,
  sensors: countSchema,
  controls: countSchema,
  faults: countSchema,
  warnings: countSchema,
  overdue: countSchema,
});
export type SummaryHardwareCounts = z.infer<typeof summaryHardwareCountsSchema>;

/** The area's program at a glance; null for areas without a program. */
export const programGlanceSchema = z.object({
  id: idSchema,
  name: nonEmptyStringSchema,
  activity: programActivitySchema,
  startTime: nullableIsoDateTimeSchema,
  endTime: nullableIsoDateTimeSchema,
});
export type ProgramGlance = z.infer<typeof programGlanceSchema>;

/** One area's line on the summary page. */
export const areaSummarySchema = z.object({
  /** Area id. */
  area: idSchema,
  label: nonEmptyStringSchema,
  type: areaTypeSchema,
  status: areaStatusSchema.nullable(),
  hasFaults: z.boolean(),
  alarmsActive: z.boolean(),
  /** Zones (sections) in the area. */
  zones: countSchema,
  program: programGlanceSchema.nullable(),
  hardware: summaryHardwareCountsSchema,
  /** Open events (the Irrigation tab count, §1). */
  openEvents: countSchema,
  /** Active alarms in the area. */
  activeAlarms: countSchema,
  /** The most recent report of any hardware in the area. */
  lastUpdate: nullableIsoDateTimeSchema,
  /** A frost area's frost summary (issue 15); absent for other areas. */
  frost: frostSummarySchema.optional(),
});
export type AreaSummary = z.infer<typeof areaSummarySchema>;

/** One §3 summary kind's value on the site (issue 14; shape ours, constants/summary-kinds.ts). */
export const summaryKindValueSchema = z.object({
  kind: z.enum(SHOWN_SUMMARY_KINDS),
  /** Mean of the latest values of the sensors that report it. */
  value: z.number(),
  min: z.number(),
  max: z.number(),
  /** How many sensors it is read from. */
  sensors: countSchema,
  /** The newest of those values' times. */
  at: nullableIsoDateTimeSchema,
});

export const siteSummarySchema = z.object({
  /** Site id. */
  site: idSchema,
  areas: z.array(areaSummarySchema),
  /** The §3 summary kinds the site has data for, in §3 order; none when it has none. */
  kinds: z.array(summaryKindValueSchema),
  /** Totals over the site's hardware (units count once even if they serve several areas). */
  hardware: summaryHardwareCountsSchema,
  lastUpdate: nullableIsoDateTimeSchema,
});
export type SiteSummary = z.infer<typeof siteSummarySchema>;

/** GET sites/filter (§7): the values each filter key can take. */
export const sitesFilterOptionsSchema = z.object({
  application: z.array(nonEmptyStringSchema),
  country: z.array(nonEmptyStringSchema),
  region: z.array(nonEmptyStringSchema),
  operator: z.array(nonEmptyStringSchema),
  client: z.array(nonEmptyStringSchema),
});
export type SitesFilterOptions = z.infer<typeof sitesFilterOptionsSchema>;
