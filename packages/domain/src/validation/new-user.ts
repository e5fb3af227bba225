/** §5 new user: the invitation form's fields plus the §5/§6 role rules, giving the POST users payload. */
import type { CreateUserPayload } from '../entities/user.ts';
import type { Role } from '../entities/vocabulary.ts';
import { canGrantRole, newUserPrivileges } from '../roles/grants.ts';
import type { Privileges } from '../roles/roles.ts';
import { isEmail } from './email.ts';
import {
  EMAIL_NOT_VALID,
  FIRST_NAME_REQUIRED,
  LAST_NAME_REQUIRED,
  LOCALE_INVALID,
  ROLE_NOT_GRANTABLE,
  SITE_INVALID,
} from './messages.ts';
import { toResult } from './result.ts';
import type { FieldErrors, ValidationResult } from './result.ts';

/**
 * The invitation form: the POST users payload's fields as typed (locale a language tag such as
 * 'en', 'en-NZ' or 'de'), with the roles ticked in place of the privileges they give.
 */
export type CreateUserForm = Readonly<Omit<CreateUserPayload, 'privileges'>> & {
  readonly roles: readonly Role[];
};

export type CreateUserField = keyof CreateUserForm;

/** Decision: a locale is a language tag — two or three lower-case letters, optionally '-' and a region. */
const LOCALE_PATTERN = /^[a-z]{2,3}(?:-[A-Z]{2})?$/;

/**
 * §5: names required (trimmed), email of the standard pattern (trimmed), a locale, a site id
 * (positive integer), and roles: at least one of manage or monitor, each grantable by the actor
 * (below the actor's own precedence). The payload carries the highest role's actions.
 */
export function validateCreateUser(
  form: CreateUserForm,
  actorPrivileges: Privileges,
): ValidationResult<CreateUserPayload, CreateUserField> {
  const errors: FieldErrors<CreateUserField> = {};
  const firstName = form.firstName.trim();
  const lastName = form.lastName.trim();
  const email = form.email.trim();
  const locale = form.locale.trim();
  if (!Number.isInteger(form.siteId) || form.siteId <= 0) errors.siteId = SITE_INVALID;
  if (firstName === '') errors.firstName = FIRST_NAME_REQUIRED;
  if (lastName === '') errors.lastName = LAST_NAME_REQUIRED;
  if (!LOCALE_PATTERN.test(locale)) errors.locale = LOCALE_INVALID;
  if (!isEmail(email)) errors.email = EMAIL_NOT_VALID;

  const privileges = newUserPrivileges(form.roles);
  if (!privileges.ok) {
    errors.roles = privileges.errors.roles;
  } else if (!form.roles.every((role) => canGrantRole(actorPrivileges, role))) {
    errors.roles = ROLE_NOT_GRANTABLE;
  }

  const payload: CreateUserPayload = {
    siteId: form.siteId,
    firstName,
    lastName,
    locale,
    email,
    privileges: privileges.ok ? privileges.value : [],
  };
  return toResult(payload, errors);
}
