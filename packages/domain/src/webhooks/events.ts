/**
 * What a site tells its webhook endpoints (issue 32 item 5): the kinds of event an endpoint
 * subscribes to, and each kind's `data`. Every kind carries the site, the area (null for a thing
 * of no area), the thing it is about, when it happened and a sentence in words, so a receiver
 * that only posts the sentence to a chat needs nothing else; the rest is for receivers that act.
 * The body sent is Standard Webhooks' `{ type, timestamp, data }` (webhookPayloadSchema).
 */
import { z } from 'zod';
import { acknowledgementChannelSchema } from '../entities/alarm-notification.ts';
import { idSchema, isoDateTimeSchema } from '../entities/primitives.ts';
import { alarmSeveritySchema } from '../entities/vocabulary.ts';

/** Every kind, in the order the console lists them. */
export const WEBHOOK_EVENT_KINDS = [
  'alarm.raised',
  'alarm.acknowledged',
  'alarm.cleared',
  'program.started',
  'program.finished',
  'program.skipped',
  'zone.shutOff',
  'device.overdue',
  'device.back',
  'report.ready',
] as const;
export const webhookEventKindSchema = z.enum(WEBHOOK_EVENT_KINDS);
export type WebhookEventKind = z.infer<typeof webhookEventKindSchema>;

/** What every event says: where, about what, when, and in words. */
const common = {
  site: idSchema,
  area: idSchema.nullable(),
  at: isoDateTimeSchema,
  /** The event in words, as the area's event log says it. */
  message: z.string(),
};

const alarmSchema = z.object({ id: idSchema, label: z.string(), severity: alarmSeveritySchema });
const programSchema = z.object({ id: idSchema, name: z.string() });
const deviceSchema = z.object({
  type: z.enum(['radio', 'unit']),
  id: idSchema,
  serialno: z.string(),
});

/** Each kind's `data`. */
export const webhookEventDataSchemas = {
  'alarm.raised': z.object({
    ...common,
    alarm: alarmSchema,
    /** The reading that raised it, when a reading did. */
    value: z.number().nullable(),
  }),
  'alarm.acknowledged': z.object({
    ...common,
    alarm: alarmSchema,
    by: z.string(),
    via: acknowledgementChannelSchema,
    comment: z.string().nullable(),
  }),
  'alarm.cleared': z.object({ ...common, alarm: alarmSchema }),
  'program.started': z.object({ ...common, program: programSchema, test: z.boolean() }),
  'program.finished': z.object({
    ...common,
    program: programSchema,
    startedAt: isoDateTimeSchema,
  }),
  /** A start its skip rules (or deficit mode, finding no zone dry) called off; `message` says why. */
  'program.skipped': z.object({ ...common, program: z.object({ id: idSchema }) }),
  /** The flow supervisor closed zones running over their high-flow limit. */
  'zone.shutOff': z.object({
    ...common,
    zones: z.array(idSchema),
    meter: z.object({ id: idSchema, label: z.string() }),
    /** L/min measured at the meter. */
    flow: z.number(),
  }),
  'device.overdue': z.object({ ...common, device: deviceSchema }),
  'device.back': z.object({ ...common, device: deviceSchema }),
  /** An export's file is made; GET exports/{id}/file downloads it until `expiresAt`. */
  'report.ready': z.object({
    ...common,
    export: z.object({
      id: idSchema,
      report: z.string(),
      format: z.string(),
      fileName: z.string(),
      expiresAt: isoDateTimeSchema,
    }),
  }),
} satisfies Record<WebhookEventKind, z.ZodType>;
export type WebhookEventData<K extends WebhookEventKind> = z.input<
  (typeof webhookEventDataSchemas)[K]
>;

/** The body of every webhook request (Standard Webhooks' suggested shape). */
export const webhookPayloadSchema = z.object({
  type: webhookEventKindSchema,
  /** When the event happened. */
  timestamp: isoDateTimeSchema,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
