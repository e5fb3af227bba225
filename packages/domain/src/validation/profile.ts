/** §5 Profile: the user's own contact details and their notification addresses. */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CountryCode as PhoneCountry, NumberType } from 'libphonenumber-js/max';
import type { CountryCode } from '../entities/vocabulary.ts';
import { countryCodeSchema } from '../entities/vocabulary.ts';
import { isEmail } from './email.ts';
import {
  CONTACT_EMAIL_FEEDBACK,
  CONTACT_MOBILE_FEEDBACK,
  CONTACT_NAME_FEEDBACK,
  CONTACT_PHONE_FEEDBACK,
} from './messages.ts';
import { toResult } from './result.ts';
import type { FieldErrors, ValidationResult } from './result.ts';

/** §9: phone numbers are limited to these countries. */
export const PHONE_COUNTRIES: readonly CountryCode[] = countryCodeSchema.options;

/** Number types an sms can go to. FIXED_LINE_OR_MOBILE is kept for numbering plans that cannot tell. */
const SMS_NUMBER_TYPES: readonly NumberType[] = ['MOBILE', 'FIXED_LINE_OR_MOBILE'];

export type PhoneKind = 'voice' | 'sms';

/**
 * A phone number in E.164 when it is a valid NZ or AU number (and, for sms, a mobile), else null.
 * International input ('+61 …') names its own country; national input ('021 …') is read in
 * `defaultCountry` — the site's country — because many national numbers are valid in both
 * countries (02 9374 4000 is a Sydney landline and also a valid NZ mobile).
 */
export function normalisePhone(
  text: string,
  kind: PhoneKind,
  defaultCountry: CountryCode = 'nz',
): string | null {
  const phone = parsePhoneNumberFromString(text.trim(), {
    defaultCountry: defaultCountry.toUpperCase() as PhoneCountry,
  });
  if (!phone?.isValid()) return null;
  const country = phone.country?.toLowerCase();
  if (!PHONE_COUNTRIES.some((allowed) => allowed === country)) return null;
  if (kind === 'sms') {
    const type = phone.getType();
    if (type === undefined || !SMS_NUMBER_TYPES.includes(type)) return null;
  }
  return phone.number;
}

export interface ProfileForm {
  readonly name: string;
  readonly email: string;
  readonly company: string;
  /** Phone for voice calls. */
  readonly voice: string;
  /** Phone for text messages; must be a mobile. */
  readonly sms: string;
}

export interface ProfileOptions {
  /** Country used for numbers typed without +64 / +61; NZ when not given. */
  readonly defaultCountry?: CountryCode;
}

/**
 * §5 Profile: name required (not blank after trim); email optional but of the standard pattern;
 * voice and sms optional but valid NZ/AU numbers (sms a mobile); company free. The value is what
 * is saved: every field trimmed, phones in E.164, blank optional fields as ''.
 */
export function validateProfile(
  form: ProfileForm,
  options: ProfileOptions = {},
): ValidationResult<ProfileForm> {
  const errors: FieldErrors<keyof ProfileForm> = {};
  const name = form.name.trim();
  const email = form.email.trim();
  const company = form.company.trim();
  if (name === '') errors.name = CONTACT_NAME_FEEDBACK;
  if (email !== '' && !isEmail(email)) errors.email = CONTACT_EMAIL_FEEDBACK;

  const phone = (text: string, kind: PhoneKind): string => {
    const trimmed = text.trim();
    if (trimmed === '') return '';
    const normalised = normalisePhone(trimmed, kind, options.defaultCountry);
    if (normalised === null)
      errors[kind] = kind === 'sms' ? CONTACT_MOBILE_FEEDBACK : CONTACT_PHONE_FEEDBACK;
    return normalised ?? trimmed;
  };
  const voice = phone(form.voice, 'voice');
  const sms = phone(form.sms, 'sms');

  return toResult({ name, email, company, voice, sms }, errors);
}

/** The part of a §3 contact notification this rule reads. */
export interface NotificationAddress {
  readonly address: string;
}

/**
 * §5: on update, contact addresses are trimmed and notifications whose address is then empty are
 * dropped. Other fields of each notification are kept as they are.
 */
export function normaliseContactNotifications<N extends NotificationAddress>(
  notifications: readonly N[],
): N[] {
  return notifications
    .map((notification) => ({ ...notification, address: notification.address.trim() }))
    .filter((notification) => notification.address !== '');
}
