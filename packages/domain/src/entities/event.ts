/** Events, notes, metrics and exports (§3): the area log, its open count, and export requests. */
import { z } from 'zod';
import { NOTE_MAX_LENGTH } from '../constants/limits.ts';
import {
  idSchema,
  isoDateTimeSchema,
  nonEmptyStringSchema,
  nonEmptyTextSchema,
} from './primitives.ts';
import {
  eventTypeSchema,
  exportFormatSchema,
  metaTypeSchema,
  requestStatusSchema,
} from './vocabulary.ts';

/** An event's id: the event log's id column is a bigint, unlike every other id column. */
const eventIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const eventSchema = z.object({
  id: eventIdSchema,
  type: eventTypeSchema,
  /** Id of the thing the event is about, of kind targetType; null for area-wide events. */
  target: idSchema.nullable(),
  targetType: metaTypeSchema.optional(),
  /** Area id. */
  area: idSchema,
  message: z.string(),
  /** Ours: an event stays open until acknowledged; open events are counted on the Irrigation tab (§1). */
  open: z.boolean(),
  timestamp: isoDateTimeSchema,
  /** Ours: the alarm whose raise, clear or acknowledgement this event records. */
  alarm: idSchema.nullable().optional(),
  /** Ours: when and by whom an event was acknowledged (closed); null while open. */
  acknowledgedAt: isoDateTimeSchema.nullable().optional(),
  acknowledgedBy: z.string().nullable().optional(),
});
export type Event = z.infer<typeof eventSchema>;

/**
 * POST areas/{id}/events/acknowledge (ours): closes the given open events of the area, or all of
 * them with `all: true`. Acknowledging an alarm's raise event does not acknowledge the alarm
 * (that is POST areas/{areaId}/alarms/{id}/acknowledge, which closes its events too).
 */
export const eventsAcknowledgeBodySchema = z
  .strictObject({
    ids: z.array(eventIdSchema).max(1000).optional(),
    all: z.literal(true).optional(),
  })
  .refine((body) => (body.ids !== undefined) !== (body.all !== undefined), {
    message: 'Give ids or all, not both',
  });
export type EventsAcknowledgeBody = z.infer<typeof eventsAcknowledgeBodySchema>;

export const eventsAcknowledgedSchema = z.object({
  /** How many open events this call closed. */
  acknowledged: z.number().int().nonnegative(),
  stats: z.object({ open: z.number().int().nonnegative() }),
});
export type EventsAcknowledged = z.infer<typeof eventsAcknowledgedSchema>;

/** POST areas/{id}/events response (§3 "Event data"): events and stats.open. */
export const eventDataSchema = z.object({
  events: z.array(eventSchema),
  stats: z.object({ open: z.number().int().nonnegative() }),
});
export type EventData = z.infer<typeof eventDataSchema>;

/**
 * POST areas/{id}/events optional filter body (§7; fields not given). Decision: time window, event
 * types, targets (of a target type) and open-only; a missing body is the same as {}.
 */
export const eventFilterBodySchema = z.strictObject({
  from: isoDateTimeSchema.optional(),
  to: isoDateTimeSchema.optional(),
  types: z.array(eventTypeSchema).optional(),
  targets: z.array(idSchema).optional(),
  /** Ours: the kind of thing the targets are; ids of different kinds overlap, so give it with targets. */
  targetType: metaTypeSchema.optional(),
  open: z.boolean().optional(),
});
export type EventFilterBody = z.infer<typeof eventFilterBodySchema>;

/** A note left on a target of an area (§3); shown newest first per target. */
export const noteSchema = z.object({
  id: idSchema,
  target: idSchema,
  /** Ours: the kind of thing `target` is (the spec names only target); absent on older notes. */
  targetType: metaTypeSchema.optional(),
  /** Area id. */
  area: idSchema,
  text: nonEmptyStringSchema,
  timestamp: isoDateTimeSchema,
  /**
   * Ours: who wrote it, by user id and name (no login: everyone who may view the area reads its
   * notes); null once that user is gone.
   */
  author: z.object({ id: idSchema, name: z.string() }).nullable(),
  /** Ours: the caller wrote it, so the console offers its delete (only the author may). */
  mine: z.boolean(),
});
export type Note = z.infer<typeof noteSchema>;

/**
 * POST areas/{id}/notes (§7: "Paths for notes: not shown"; ours). Decision: the note is on the
 * area itself unless target and targetType name one of its things; text is trimmed and not blank.
 */
export const noteCreateBodySchema = z.strictObject({
  text: nonEmptyTextSchema(NOTE_MAX_LENGTH),
  target: idSchema.optional(),
  targetType: metaTypeSchema.optional(),
});
export type NoteCreateBody = z.infer<typeof noteCreateBodySchema>;

/** One metric the platform records (GET metrics/list, §7), e.g. 24 temperature (§9 weather layers). */
export const metricSchema = z.object({
  id: idSchema,
  name: nonEmptyStringSchema,
  /** Display unit, e.g. mm, °C, kph. */
  unit: z.string().nullable().optional(),
});
export type Metric = z.infer<typeof metricSchema>;

export const metricsListSchema = z.array(metricSchema);
export type MetricsList = z.infer<typeof metricsListSchema>;

/** A report export request (§3): its status is a request status; 'done' is shown as finished. */
export const exportRequestSchema = z.object({
  id: idSchema,
  status: requestStatusSchema,
  format: exportFormatSchema.optional(),
  /** Where the finished file can be fetched; null until done. */
  url: z.string().nullable().optional(),
  created: isoDateTimeSchema.optional(),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

/** How the console shows an export (§4 "Export: loading then finished or failed"). */
export type ExportStatusLabel = 'loading' | 'finished' | 'failed';

/** done is shown as finished (§3); failed and cancelled as failed; anything else is still loading. */
export function exportStatusLabel(status: ExportRequest['status']): ExportStatusLabel {
  switch (status) {
    case 'done':
      return 'finished';
    case 'failed':
    case 'cancelled':
      return 'failed';
    case 'new':
    case 'inProgress':
    case 'pending':
      return 'loading';
  }
}
