/**
 * Flow supervision's settings (issue 30 item 1): a zone's flow limits, designed flow and learned
 * flow (GET/PUT sections/{id}/flow, and POST sections/{id}/flow/learn to learn it from its runs
 * now), and a water meter's limits with what the supervisor sees on it now (GET/PUT
 * sensors/{id}/flow). Flows are L/min, as the limits are set.
 */
import { z } from 'zod';
import {
  meterFlowLimitsSchema,
  zoneFlowLimitsSchema,
  type MainlinePhase,
  type ZoneFlowPhase,
} from '../addons/flow-supervision.ts';
import { idParamSchema } from '../entities/params.ts';
import { idSchema, isoDateTimeSchema } from '../entities/primitives.ts';
import { defineEndpoint } from './endpoint.ts';

/** Ours: a designed flow over this (L/min) is a typing slip, not a farm zone (a 100 mm main: ~2,500). */
export const MAX_DESIGNED_FLOW_LPM = 100_000;

const litresPerMinute = z.number().nonnegative().describe('L/min');

const expectedFlowSchema = z.object({
  source: z.enum(['learned', 'designed', 'none']),
  flow: litresPerMinute.nullable(),
});

/** GET sections/{id}/flow: the zone's limits (defaults filled in) and its flows. */
export const zoneFlowSchema = z.object({
  section: idSchema,
  label: z.string(),
  limits: zoneFlowLimitsSchema,
  designedFlow: litresPerMinute.nullable(),
  learned: z.object({
    flow: litresPerMinute.nullable(),
    /** Metered runs it was learned from; LEARNED_FLOW_MIN_RUNS are needed for a flow. */
    runs: z.number().int().nonnegative(),
    at: isoDateTimeSchema.nullable(),
  }),
  /** What the supervisor judges the zone against: learned, else designed, else nothing. */
  expected: expectedFlowSchema,
});
export type ZoneFlowSettings = z.infer<typeof zoneFlowSchema>;

/** PUT sections/{id}/flow: the whole limits (a field left out is its default) and designed flow. */
export const zoneFlowBodySchema = z.strictObject({
  limits: z.strictObject(zoneFlowLimitsSchema.shape),
  designedFlow: z.number().positive().max(MAX_DESIGNED_FLOW_LPM).nullable(),
});
export type ZoneFlowBody = z.input<typeof zoneFlowBodySchema>;

const zoneFlowPhaseSchema = z.enum([
  'idle',
  'unscheduled',
  'settling',
  'unsupervised',
  'watching',
  'high',
  'low',
] satisfies ZoneFlowPhase[]);
const mainlinePhaseSchema = z.enum(['normal', 'over'] satisfies MainlinePhase[]);

/** GET sensors/{id}/flow: a water meter's limits, the zones it feeds and what it sees now. */
export const meterFlowSchema = z.object({
  sensor: idSchema,
  label: z.string(),
  limits: meterFlowLimitsSchema,
  zones: z.array(z.object({ section: idSchema, label: z.string(), expected: expectedFlowSchema })),
  /** The largest expected flow of its zones: what the mainline limit is a percentage of. */
  largestZoneFlow: litresPerMinute.nullable(),
  /** The supervisor's view at its last reading; null before it has judged one. */
  now: z
    .object({
      phase: zoneFlowPhaseSchema,
      mainline: mainlinePhaseSchema,
      since: isoDateTimeSchema.nullable(),
      readingAt: isoDateTimeSchema.nullable(),
    })
    .nullable(),
});
export type MeterFlowSettings = z.infer<typeof meterFlowSchema>;

/** PUT sensors/{id}/flow: the meter's whole limits (a field left out is its default). */
export const meterFlowBodySchema = z.strictObject({
  limits: z.strictObject(meterFlowLimitsSchema.shape),
});
export type MeterFlowBody = z.input<typeof meterFlowBodySchema>;

export const flowSupervisionEndpoints = {
  getZoneFlow: defineEndpoint({
    method: 'GET',
    path: '/sections/:id/flow',
    tag: 'sections',
    summary: "A zone's flow limits, designed flow and learned flow",
    params: idParamSchema,
    responses: { 200: zoneFlowSchema },
  }),
  updateZoneFlow: defineEndpoint({
    method: 'PUT',
    path: '/sections/:id/flow',
    tag: 'sections',
    summary: "Set a zone's flow limits and designed flow",
    params: idParamSchema,
    body: zoneFlowBodySchema,
    responses: { 200: zoneFlowSchema },
  }),
  learnZoneFlow: defineEndpoint({
    method: 'POST',
    path: '/sections/:id/flow/learn',
    tag: 'sections',
    summary: "Learn the zone's flow from its metered runs now",
    params: idParamSchema,
    responses: { 200: zoneFlowSchema },
  }),
  getMeterFlow: defineEndpoint({
    method: 'GET',
    path: '/sensors/:id/flow',
    tag: 'sensors',
    summary: "A water meter's flow limits, its zones and what the supervisor sees on it now",
    params: idParamSchema,
    responses: { 200: meterFlowSchema },
  }),
  updateMeterFlow: defineEndpoint({
    method: 'PUT',
    path: '/sensors/:id/flow',
    tag: 'sensors',
    summary: "Set a water meter's flow limits",
    params: idParamSchema,
    body: meterFlowBodySchema,
    responses: { 200: meterFlowSchema },
  }),
};
