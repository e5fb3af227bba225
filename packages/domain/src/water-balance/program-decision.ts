/**
 * The why of every run (issue 30, item 6): each decision a program's start took, and each
 * automatic shut-off of the flow supervisor, kept with its rule, the readings it used and the
 * sentence that tells it. The detail's `action` tells which of the three it is.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../entities/primitives.ts';
import { SKIP_RULE_ORDER, type SkipDecision, type SkipRuleKind } from './skip-rules.ts';

/**
 * start: a start ran as set (its rules checked); skip: a rule called it off; scale: it ran with
 * the seasonal factor; deficit: a program in "water the deficit" mode chose its zones and depths;
 * shutOff: the flow supervisor closed zones (high flow) or paused the program (mainline break).
 */
export const programDecisionKindSchema = z.enum(['start', 'skip', 'scale', 'deficit', 'shutOff']);
export type ProgramDecisionKind = z.infer<typeof programDecisionKindSchema>;

/** The kind a start's skip decision is kept as. */
export function startDecisionKind(decision: Pick<SkipDecision, 'action'>): ProgramDecisionKind {
  return decision.action === 'run' ? 'start' : decision.action;
}

const skipRuleKindSchema = z.enum(SKIP_RULE_ORDER as [SkipRuleKind, ...SkipRuleKind[]]);

/** A reading a rule used: value, the sensor (null when none), its name and when it was read. */
const skipReadingSchema = z.object({
  value: z.number(),
  sensorId: idSchema.nullable(),
  label: z.string(),
  /** Epoch ms: when it was read (for rain, the end of its 24 h). */
  at: z.number(),
});

/** One rule's check, as water-balance/skip-rules.ts SkipCheck. */
const skipCheckSchema = z.object({
  rule: skipRuleKindSchema,
  outcome: z.enum(['off', 'no-reading', 'stale-reading', 'passed', 'skip', 'scale']),
  threshold: z.number().optional(),
  reading: skipReadingSchema.optional(),
  month: z.number().int().min(1).max(12).optional(),
  percent: z.number().optional(),
});

/** A start's decision as decideSkip made it (epoch ms instants, as stored). */
export const startDecisionDetailSchema = z.object({
  action: z.enum(['run', 'skip', 'scale']),
  /** 1 as set, 0 skipped, else the seasonal factor. */
  factor: z.number().nonnegative(),
  /** The rule that skipped or scaled; null when it runs as set. */
  decidedBy: skipRuleKindSchema.nullable(),
  at: z.number(),
  checks: z.array(skipCheckSchema),
  inputs: z.object({
    rain24h: skipReadingSchema.nullable(),
    wind: skipReadingSchema.nullable(),
    temperature: skipReadingSchema.nullable(),
    soilMoisture: skipReadingSchema.nullable(),
  }),
});

/** Why a zone of a deficit-mode start does or does not run (water-balance/deficit.ts). */
const deficitReasonSchema = z.enum([
  'refill',
  'refill-capped',
  'no-balance',
  'not-dry-enough',
  'rain-allowance-covers',
  'below-minimum-depth',
]);

/** A deficit-mode start: each zone's depletion, trigger and the depth it was given. */
export const deficitDecisionDetailSchema = z.object({
  action: z.literal('deficit'),
  at: z.number(),
  triggerPercentOfRaw: z.number(),
  rainAllowance: z.number(),
  zones: z.array(
    z.object({
      zoneId: idSchema,
      depletion: z.number().nullable(),
      raw: z.number(),
      taw: z.number(),
      trigger: z.number(),
      refill: z.number(),
      run: z.boolean(),
      reason: deficitReasonSchema,
      /** mm to apply; 0 when it does not run. */
      depth: z.number(),
      /** Minutes the depth takes at the zone's application rate; null when it does not run. */
      minutes: z.number().nullable(),
    }),
  ),
});
export type DeficitDecisionDetail = z.infer<typeof deficitDecisionDetailSchema>;

/** An automatic shut-off, as the flow supervisor's action (addons/flow-supervision.ts). */
export const shutOffDecisionDetailSchema = z.object({
  action: z.literal('shutOff'),
  /** closeZones: high flow closed the zones; mainlineBreak: the program paused, pump stopped. */
  type: z.enum(['closeZones', 'mainlineBreak']),
  meterId: idSchema,
  at: z.number(),
  /** L/min at the reading that decided. */
  measured: z.number(),
  heldSeconds: z.number(),
  zoneIds: z.array(idSchema),
  /** closeZones: the expected L/min and where it came from. */
  expected: z.number().optional(),
  expectedSource: z.enum(['learned', 'designed', 'mixed']).optional(),
  /** mainlineBreak: the limit crossed, the flow it is a percentage of, and the percentage. */
  limit: z.number().optional(),
  base: z.number().optional(),
  percent: z.number().optional(),
});

/** A kept decision's detail, by its `action`. */
export const programDecisionDetailSchema = z.union([
  startDecisionDetailSchema,
  deficitDecisionDetailSchema,
  shutOffDecisionDetailSchema,
]);
export type ProgramDecisionDetail = z.infer<typeof programDecisionDetailSchema>;

/** GET programs/{id}/decisions: one kept decision. */
export const programDecisionSchema = z.object({
  id: idSchema,
  program: idSchema,
  area: idSchema,
  site: idSchema,
  at: isoDateTimeSchema,
  kind: programDecisionKindSchema,
  /** The start request it decided; null when it had none. */
  requestId: idSchema.nullable(),
  /** In words: "Skipped 06:00 — 12.4 mm of rain in the last 24 h at Te Awa station ≥ 10 mm". */
  sentence: z.string(),
  detail: programDecisionDetailSchema,
});
export type ProgramDecision = z.infer<typeof programDecisionSchema>;

/** The most decisions one page holds. */
const PROGRAM_DECISIONS_PAGE_MAX = 100;
const PROGRAM_DECISIONS_PAGE_DEFAULT = 20;

/** GET programs/{id}/decisions?limit=&before= (before: a decision id; older ones follow it). */
export const programDecisionsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .positive()
    .max(PROGRAM_DECISIONS_PAGE_MAX)
    .default(PROGRAM_DECISIONS_PAGE_DEFAULT),
  before: z.coerce.number().int().positive().optional(),
});

export const programDecisionsPageSchema = z.object({
  decisions: z.array(programDecisionSchema),
  /** Pass as `before` for the next (older) page; null on the last. */
  nextBefore: idSchema.nullable(),
});
export type ProgramDecisionsPage = z.infer<typeof programDecisionsPageSchema>;

/** GET programs/{id}/decision: what a start now would do, and why; nothing is kept or sent. */
export const programDecisionPreviewSchema = z.object({
  /** False when the program has no skip rules: it would start as set. */
  hasRules: z.boolean(),
  kind: programDecisionKindSchema,
  sentence: z.string(),
  detail: startDecisionDetailSchema,
  /**
   * A program in "water the deficit" mode: the zones a start now would water, and its sentence
   * as the start would keep it ("Watered 1 of 2 zones …"); absent when the mode is off.
   */
  deficit: z.object({ sentence: z.string(), detail: deficitDecisionDetailSchema }).optional(),
});
export type ProgramDecisionPreview = z.infer<typeof programDecisionPreviewSchema>;
