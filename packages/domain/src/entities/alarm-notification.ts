/**
 * What an alarm does once it fires (ours, beyond §3): its state (raised → acknowledged →
 * cleared), who acknowledged it, the messages sent for it (the notification log), the site's
 * escalation roster and the single-use acknowledgement link in an email or sms.
 */
import { z } from 'zod';
import { COMMENT_MAX_LENGTH } from '../constants/limits.ts';
import { idParamsSchema } from './params.ts';
import { idSchema, isoDateTimeSchema, textSchema } from './primitives.ts';
import { contactMethodSchema } from './vocabulary.ts';

/**
 * Where an alarm stands. normal: its condition does not hold (or has not held for the rule's
 * minimum duration); raised: it fired and nobody answered; acknowledged: someone answered, it
 * stays until the value is back past its clear threshold for reset-after, then it is cleared
 * and normal again.
 */
export const alarmStatusSchema = z.enum(['normal', 'raised', 'acknowledged']);
export type AlarmStatus = z.infer<typeof alarmStatusSchema>;

/** How an acknowledgement arrived. */
export const acknowledgementChannelSchema = z.enum(['console', 'link', 'voice']);
export type AcknowledgementChannel = z.infer<typeof acknowledgementChannelSchema>;

export const alarmStateSchema = z.object({
  status: alarmStatusSchema,
  /** When the present (or last) alarm was raised; null when it never fired. */
  raisedAt: isoDateTimeSchema.nullable(),
  /** The value that raised it. */
  raisedValue: z.number().nullable(),
  acknowledgedAt: isoDateTimeSchema.nullable(),
  /** Who acknowledged: the user's or the contact's name. */
  acknowledgedBy: z.string().nullable(),
  acknowledgedVia: acknowledgementChannelSchema.nullable(),
  comment: z.string().nullable(),
  /** When the last alarm cleared; null while raised or acknowledged. */
  clearedAt: isoDateTimeSchema.nullable(),
});
export type AlarmState = z.infer<typeof alarmStateSchema>;

/** POST areas/{areaId}/alarms/{id}/acknowledge. */
export const alarmAcknowledgeBodySchema = z.strictObject({
  comment: textSchema(COMMENT_MAX_LENGTH).optional(),
});
export type AlarmAcknowledgeBody = z.infer<typeof alarmAcknowledgeBodySchema>;

/** Why a message was sent: an alarm raised, a reminder of it, its clear, or a contact test. */
export const notificationKindSchema = z.enum(['raised', 'reminder', 'cleared', 'test']);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * Where a message stands: pending (waiting to be sent, or to be retried), sent (the provider or
 * the SMTP server took it), delivered (the provider says it arrived), failed (finally: no more
 * tries), suppressed (not sent: quiet hours, alarms off, snoozed, or acknowledged meanwhile).
 */
export const notificationStatusSchema = z.enum([
  'pending',
  'sent',
  'delivered',
  'failed',
  'suppressed',
]);
export type NotificationStatus = z.infer<typeof notificationStatusSchema>;

/** One message of an alarm (GET areas/{areaId}/alarms/{id}/notifications, GET sites/{site}/notifications). */
export const notificationLogEntrySchema = z.object({
  id: idSchema,
  alarm: idSchema.nullable(),
  /** Area id of the alarm. */
  area: idSchema.nullable(),
  contact: idSchema.nullable(),
  contactName: z.string().nullable(),
  method: contactMethodSchema,
  address: z.string(),
  kind: notificationKindSchema,
  status: notificationStatusSchema,
  /** Why it was suppressed, or the last error (kept when it finally failed). */
  reason: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  /** The text as sent (sms body, email subject, what the call says). */
  text: z.string(),
  /** The provider's id (Twilio SM… / CA…), or the SMTP message id. */
  providerId: z.string().nullable(),
  /** The roster step (0-based) that sent it; null for the alarm's own notifications. */
  step: z.number().int().nonnegative().nullable(),
  createdAt: isoDateTimeSchema,
  sentAt: isoDateTimeSchema.nullable(),
});
export type NotificationLogEntry = z.infer<typeof notificationLogEntrySchema>;

export const NOTIFICATION_LOG_LIMIT = 200;

/** GET sites/{site}/notifications?limit= (newest first). */
export const notificationLogQuerySchema = z.object({
  limit: z.coerce.number().int().positive().max(NOTIFICATION_LOG_LIMIT).optional(),
});

/** Longest wait of a roster step and the longest reminder interval: one day, in minutes. */
export const ROSTER_WAIT_MAX_MINUTES = 24 * 60;
export const ROSTER_STEPS_MAX = 20;
export const ROSTER_REPEAT_MAX = 20;

/** One step of a site's escalation roster: tell this contact this way, then wait. */
export const rosterStepSchema = z.strictObject({
  contact: idSchema,
  method: contactMethodSchema,
  /** Minutes to wait for an acknowledgement before the next step; 0 goes on at once. */
  waitMinutes: z.number().int().nonnegative().max(ROSTER_WAIT_MAX_MINUTES),
});
export type RosterStep = z.infer<typeof rosterStepSchema>;

/**
 * A site's escalation roster. When an alarm of the site is raised the steps run in order, each
 * after the previous one's wait, until someone acknowledges; after the last step the whole
 * roster runs again (a reminder round) `repeat` times, `repeatMinutes` apart.
 */
export const rosterSchema = z.strictObject({
  steps: z.array(rosterStepSchema).max(ROSTER_STEPS_MAX),
  repeat: z.number().int().nonnegative().max(ROSTER_REPEAT_MAX),
  repeatMinutes: z.number().int().positive().max(ROSTER_WAIT_MAX_MINUTES),
});
export type Roster = z.infer<typeof rosterSchema>;

export const EMPTY_ROSTER: Roster = { steps: [], repeat: 0, repeatMinutes: 30 };

/** sites/{site}/roster and sites/{site}/notifications. */
export const siteParamSchema = idParamsSchema('site');

/** An acknowledgement link's token: base64url, as the server signs it. */
export const ackTokenSchema = z
  .string()
  .min(20)
  .max(400)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Not an acknowledgement link');

export const ackTokenParamSchema = z.object({ token: ackTokenSchema });

/** GET alarm-acks/{token}: what the link acknowledges (no sign-in: the link is the key). */
export const ackLinkSchema = z.object({
  alarm: idSchema,
  label: z.string(),
  site: z.string(),
  area: z.string(),
  status: alarmStatusSchema,
  /** The link was used already (or the alarm was acknowledged another way). */
  used: z.boolean(),
  acknowledgedAt: isoDateTimeSchema.nullable(),
  acknowledgedBy: z.string().nullable(),
});
export type AckLink = z.infer<typeof ackLinkSchema>;

/** POST alarm-acks/{token}. */
export const ackLinkBodySchema = z.strictObject({
  comment: textSchema(COMMENT_MAX_LENGTH).optional(),
});
