/**
 * Alarms that reach a person (ours, beyond §7): acknowledging an alarm, its notification log,
 * the site's log and escalation roster, the single-use acknowledgement link of an email or sms,
 * and the calls the sms and voice provider (Twilio's protocol) makes back to the server.
 */
import { z } from 'zod';
import { alarmSchema, areaAlarmParamSchema } from '../entities/alarm.ts';
import {
  ackLinkBodySchema,
  ackLinkSchema,
  ackTokenParamSchema,
  alarmAcknowledgeBodySchema,
  notificationLogEntrySchema,
  notificationLogQuerySchema,
  rosterSchema,
  siteParamSchema,
} from '../entities/alarm-notification.ts';
import { defineEndpoint } from './endpoint.ts';

/** The form fields a provider posts (application/x-www-form-urlencoded), all text. */
export const providerFormSchema = z.record(z.string(), z.string());

export const notificationEndpoints = {
  acknowledgeAlarm: defineEndpoint({
    method: 'POST',
    path: '/areas/:areaId/alarms/:id/acknowledge',
    tag: 'alarms',
    summary: 'Acknowledges a raised alarm, with an optional comment (view)',
    description:
      'Stops its escalation and reminders, closes its open events and records an info event ' +
      'with who and the comment. 409 when the alarm is not raised (already acknowledged, or ' +
      'normal).',
    params: areaAlarmParamSchema,
    body: alarmAcknowledgeBodySchema,
    responses: { 200: alarmSchema },
  }),
  listAlarmNotifications: defineEndpoint({
    method: 'GET',
    path: '/areas/:areaId/alarms/:id/notifications',
    tag: 'alarms',
    summary: 'The messages sent (or held back) for an alarm, newest first (view)',
    params: areaAlarmParamSchema,
    responses: { 200: z.array(notificationLogEntrySchema) },
  }),
  listSiteNotifications: defineEndpoint({
    method: 'GET',
    path: '/sites/:site/notifications',
    tag: ['sites', 'alarms'],
    summary: "The site's latest alarm messages, newest first (view)",
    description: 'Every email, sms and call sent or held back for the alarms of the site.',
    params: siteParamSchema,
    query: notificationLogQuerySchema,
    responses: { 200: z.array(notificationLogEntrySchema) },
  }),
  getSiteRoster: defineEndpoint({
    method: 'GET',
    path: '/sites/:site/roster',
    tag: ['sites', 'contacts'],
    summary: "The site's escalation roster (view)",
    params: siteParamSchema,
    responses: { 200: rosterSchema },
  }),
  updateSiteRoster: defineEndpoint({
    method: 'PUT',
    path: '/sites/:site/roster',
    tag: ['sites', 'contacts'],
    summary: "Replaces the site's escalation roster (edit)",
    description:
      'Each step names a contact of the site and one of its methods; 422 when the contact has ' +
      'no active notification of that method.',
    params: siteParamSchema,
    body: rosterSchema,
    responses: { 200: rosterSchema },
  }),
  getAckLink: defineEndpoint({
    method: 'GET',
    path: '/alarm-acks/:token',
    tag: 'alarms',
    auth: 'none',
    summary: 'What an acknowledgement link acknowledges (no sign-in: the link is the key)',
    description: 'Reading does not use the link up. 404 when the link is not genuine.',
    params: ackTokenParamSchema,
    responses: { 200: ackLinkSchema },
  }),
  useAckLink: defineEndpoint({
    method: 'POST',
    path: '/alarm-acks/:token',
    tag: 'alarms',
    auth: 'none',
    summary: 'Acknowledges the alarm of a link from an email or sms; the link works once',
    description:
      'Recorded as acknowledged by the contact the link was sent to. 410 when the link was ' +
      'used already; 409 when the alarm is no longer raised.',
    params: ackTokenParamSchema,
    body: ackLinkBodySchema.nullish(),
    responses: { 200: ackLinkSchema },
  }),
  providerStatus: defineEndpoint({
    method: 'POST',
    path: '/providers/twilio/status',
    tag: 'alarms',
    auth: 'none',
    hidden: true,
    summary: "The sms and voice provider's delivery status callback",
    description: 'Refused (403) unless X-Twilio-Signature is the HMAC-SHA1 of the auth token.',
    body: providerFormSchema,
    responses: { 204: z.null() },
  }),
  providerGather: defineEndpoint({
    method: 'POST',
    path: '/providers/twilio/gather/:token',
    tag: 'alarms',
    auth: 'none',
    hidden: true,
    summary: 'The digits pressed on an alarm call: 1 acknowledges; answers TwiML',
    params: ackTokenParamSchema,
    body: providerFormSchema,
    responses: { 200: z.string() },
  }),
};
