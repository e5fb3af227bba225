/**
 * GET fleet (issue 33 items 4 and 6): one list, across the caller's sites, of what needs a
 * person now (fleet/attention.ts), in its order, with each site's count for the
 * dashboard. Support staff are members of every site, so theirs is the whole fleet.
 */
import { z } from 'zod';
import { attentionKindSchema, attentionSeveritySchema } from '../fleet/attention.ts';
import { idParamValueSchema } from '../entities/params.ts';
import { idSchema, isoDateTimeSchema } from '../entities/primitives.ts';
import { defineEndpoint } from './endpoint.ts';

/** Rows GET fleet answers with at most; the counts per site always cover every item. */
export const FLEET_LIMIT = { default: 200, max: 1000 } as const;

const labelled = z.object({ id: idSchema, label: z.string() });

export const fleetItemSchema = z.object({
  kind: attentionKindSchema,
  severity: attentionSeveritySchema,
  /** When the condition is known from: raised, last heard of, failed, reported. */
  since: isoDateTimeSchema,
  site: labelled,
  area: labelled,
  target: z.object({
    kind: z.enum(['alarm', 'radio', 'program', 'sensor']),
    id: idSchema,
    label: z.string(),
  }),
  /** The row's words beyond its kind: the alarm's value, the battery's volts, the fan's faults. */
  text: z.string(),
  /** The console page that shows the thing (fleet/attention.ts attentionRoute). */
  route: z.string(),
});
export type FleetItem = z.infer<typeof fleetItemSchema>;

export const fleetSiteCountSchema = z.object({
  site: labelled,
  /** Items of the site (after the kind filter). */
  count: z.number().int().nonnegative(),
  /** Its most severe item's severity. */
  severity: attentionSeveritySchema,
});
export type FleetSiteCount = z.infer<typeof fleetSiteCountSchema>;

export const fleetSchema = z.object({
  generatedAt: isoDateTimeSchema,
  /** Most severe first, raised alarms before devices, then oldest first; at most `limit`. */
  items: z.array(fleetItemSchema),
  /** Items before the limit. */
  total: z.number().int().nonnegative(),
  /** Sites with at least one item, by label. */
  sites: z.array(fleetSiteCountSchema),
});
export type Fleet = z.infer<typeof fleetSchema>;

export const fleetQuerySchema = z.object({
  site: idParamValueSchema.optional().describe('Only this site (one of the caller’s)'),
  kind: attentionKindSchema.optional().describe('Only items of this kind'),
  limit: z.coerce
    .number()
    .int()
    .min(0)
    .max(FLEET_LIMIT.max)
    .default(FLEET_LIMIT.default)
    .describe('At most this many items; 0 for the counts per site alone'),
});
export type FleetQuery = z.input<typeof fleetQuerySchema>;

export const fleetEndpoints = {
  getFleet: defineEndpoint({
    method: 'GET',
    path: '/fleet',
    tag: 'fleet',
    summary:
      'What needs a person now across the caller’s sites: raised alarms, overdue and faulted radios, low batteries, failed programs, frost fans in fault',
    query: fleetQuerySchema,
    responses: { 200: fleetSchema },
  }),
};
