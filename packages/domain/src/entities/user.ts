/** User (§3): a login with privileges on a site, and the payload that invites a new one. */
import { z } from 'zod';
import { contactSchema } from './contact.ts';
import { NAME_MAX_LENGTH, WORD_MAX_LENGTH } from '../constants/limits.ts';
import {
  emailSchema,
  idSchema,
  isoDateTimeSchema,
  nonEmptyStringSchema,
  nonEmptyTextSchema,
  nullableIsoDateTimeSchema,
  trimmedTextSchema,
} from './primitives.ts';
import { privilegeSchema, signupStatusSchema } from './vocabulary.ts';

export const userStatsSchema = z.object({
  activeAlarms: z.number().int().nonnegative(),
  subscribedAlarms: z.number().int().nonnegative(),
  /** Null for users that never went through an invitation. */
  signupStatus: signupStatusSchema.nullable(),
  lastLogin: nullableIsoDateTimeSchema,
  created: nullableIsoDateTimeSchema,
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const userSchema = z.object({
  id: idSchema,
  /** Identity id (also keys recent_sites_{uid}, §3). */
  uid: nonEmptyStringSchema,
  /** Login name, an email. */
  login: nonEmptyStringSchema,
  /** Decision: the user's contact embedded (null if none); the spec does not say id or object. */
  contact: contactSchema.nullable(),
  /** Actions held on the site (§6). */
  privileges: z.array(privilegeSchema),
  /** Per-area lists (§3, §6: area id to list) that add to the site list; areas without one left out. */
  areas: z.record(z.string().regex(/^[1-9]\d*$/, 'Not an id'), z.array(privilegeSchema)),
  /** Site id. */
  site: idSchema,
  stats: userStatsSchema,
});
export type User = z.infer<typeof userSchema>;

/**
 * POST users (§7). Field-level validity only; the role rules (§5, §6) are the validation rules'.
 * Names are trimmed.
 */
export const createUserPayloadSchema = z.strictObject({
  siteId: idSchema,
  firstName: trimmedTextSchema(NAME_MAX_LENGTH),
  lastName: trimmedTextSchema(NAME_MAX_LENGTH),
  locale: nonEmptyTextSchema(WORD_MAX_LENGTH),
  email: emailSchema,
  /** The actions of the highest role granted (§5); never empty. */
  privileges: z.array(privilegeSchema).min(1),
});
export type CreateUserPayload = z.infer<typeof createUserPayloadSchema>;

/** POST /users/{userId}/resend-activation-email (§7). */
export const resendActivationBodySchema = z.strictObject({ siteId: idSchema });
export type ResendActivationBody = z.infer<typeof resendActivationBodySchema>;

/** POST users (§7): the invited or added user, as a member of the site. */
export const userCreatedSchema = z.object({ user: userSchema });
export type UserCreated = z.infer<typeof userCreatedSchema>;

/**
 * How a user is named to people (the audit trail, mails, the event log): first and last name,
 * either of which may be empty.
 */
export function personName(person: { firstName: string | null; lastName: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ');
}

/** A person named in the audit trail: their user id, login and name. */
export const auditPersonSchema = z.object({
  id: idSchema,
  /** Login name, an email. */
  login: nonEmptyStringSchema,
  /** First and last name. */
  name: z.string(),
});
export type AuditPerson = z.infer<typeof auditPersonSchema>;

/**
 * One Switch User (§6 loginAs) that reached a user of the site: which staff member acted as whom,
 * and when. Admins of the site read these (GET sites/{siteId}/user-switches).
 */
export const userSwitchSchema = z.object({
  id: idSchema,
  actor: auditPersonSchema,
  target: auditPersonSchema,
  at: isoDateTimeSchema,
});
export type UserSwitch = z.infer<typeof userSwitchSchema>;
