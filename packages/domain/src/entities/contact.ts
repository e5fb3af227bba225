/** Contact (§3): a person of a site and the ways (email, sms, voice) alarms reach them. */
import { z } from 'zod';
import { idParamsSchema } from './params.ts';
import { ADDRESS_MAX_LENGTH, NAME_MAX_LENGTH, WORD_MAX_LENGTH } from '../constants/limits.ts';
import { idSchema, nonEmptyStringSchema, nonEmptyTextSchema, textSchema } from './primitives.ts';

const contactNameSchema = nonEmptyTextSchema(NAME_MAX_LENGTH);
const companySchema = textSchema(NAME_MAX_LENGTH);
const localeSchema = nonEmptyTextSchema(WORD_MAX_LENGTH);
import { contactMethodSchema, requestStatusSchema } from './vocabulary.ts';

/** One way to reach a contact. Address validity (email, NZ/AU phone) is the validation rules' (§5). */
export const contactNotificationSchema = z.object({
  /** Absent on a notification not yet saved. */
  id: idSchema.optional(),
  method: contactMethodSchema,
  /** Email address or phone number; may be empty in a form (dropped on update, §5). */
  address: z.string(),
  /** Also notified out of working hours. */
  afterhours: z.boolean(),
  active: z.boolean(),
  /**
   * Ours: critical alarms reach this notification out of working hours even when `afterhours`
   * is off (a frost fan stopping at 3 a.m.). Absent: false.
   */
  criticalAfterhours: z.boolean().optional(),
});
/** A notification as sent: only its own keys, and an address of an address's length. */
const contactNotificationBodySchema = z.strictObject({
  ...contactNotificationSchema.shape,
  address: textSchema(ADDRESS_MAX_LENGTH),
});
export type ContactNotification = z.infer<typeof contactNotificationSchema>;

export const contactSchema = z.object({
  id: idSchema,
  /** Site id. */
  site: idSchema,
  name: nonEmptyStringSchema,
  company: z.string().nullable(),
  /** e.g. en-NZ, en-AU. */
  locale: nonEmptyStringSchema,
  /** The login (email) of the user this contact belongs to; null for a contact without login. */
  login: z.string().nullable(),
  notifications: z.array(contactNotificationSchema),
});
export type Contact = z.infer<typeof contactSchema>;

/** POST contacts and POST sites/{site}/contacts (§7). */
export const contactCreateBodySchema = z.strictObject({
  site: idSchema,
  name: contactNameSchema,
  company: companySchema.nullable().optional(),
  locale: localeSchema.optional(),
  notifications: z.array(contactNotificationBodySchema),
});
export type ContactCreateBody = z.infer<typeof contactCreateBodySchema>;

/** PUT contacts/{id} (§7): the create body, with company required (null clears it) and id optional. */
export const contactUpdateBodySchema = contactCreateBodySchema.extend({
  company: companySchema.nullable(),
  id: idSchema.optional(),
});
export type ContactUpdateBody = z.infer<typeof contactUpdateBodySchema>;

/** POST contacts/{id}/test (§7): send a test through one notification, for an area. */
export const contactTestBodySchema = z.strictObject({ notification: idSchema, area: idSchema });
export type ContactTestBody = z.infer<typeof contactTestBodySchema>;

/** Response to POST contacts/{id}/test. Decision: the id of the test to poll (GET …/test/{testId}). */
export const contactTestStartedSchema = z.object({ id: idSchema });
export type ContactTestStarted = z.infer<typeof contactTestStartedSchema>;

/** GET contacts/{id}/test/{testId} (§7): polled until done; another final status is a failure (§4). */
export const contactTestStatusSchema = z.object({ status: requestStatusSchema });
export type ContactTestStatus = z.infer<typeof contactTestStatusSchema>;

/** POST sites/{site}/contacts (§7): the site in the path is named site. */
export const siteContactsParamSchema = idParamsSchema('site');
export type SiteContactsParam = z.infer<typeof siteContactsParamSchema>;

/** DELETE sites/{site}/contacts/{id} (§7). */
export const siteContactParamSchema = idParamsSchema('site', 'id');
export type SiteContactParam = z.infer<typeof siteContactParamSchema>;
