/** Limits of §9: list lengths, the badge cap and the screen-width breakpoints. */

/** Add-on devices shown per add-on card. */
export const ADDON_DEVICE_LIMIT = 3;
/** Add-ons shown in an add-on list before it pages or folds. */
export const ADDON_LIST_LIMIT = 6;
/** Export records per page of the exports list. */
export const EXPORT_RECORDS_PER_PAGE = 6;

/** Counts above this show as '9+'. */
export const BADGE_MAX = 9;

/**
 * The text of a count badge (tab counts of events and faults, §1): the number up to 9, '9+'
 * above. Decision: no badge (null) for zero, a negative or a non-number.
 */
export function badgeCount(count: number | null | undefined): string | null {
  if (count === null || count === undefined || !Number.isFinite(count)) return null;
  const whole = Math.trunc(count);
  if (whole <= 0) return null;
  return whole > BADGE_MAX ? `${BADGE_MAX}+` : String(whole);
}

/** A screen narrower than this (px) is narrow. */
export const NARROW_BELOW_PX = 700;
/** A screen at least this wide (px) gets the small layout — the "sm" breakpoint of the grid. */
export const SMALL_FROM_PX = 768;

/** True under 700 px. */
export function isNarrowScreen(widthPx: number): boolean {
  return widthPx < NARROW_BELOW_PX;
}

/** True from 768 px. */
export function isSmallScreen(widthPx: number): boolean {
  return widthPx >= SMALL_FROM_PX;
}

// Sizes of what a client may send (every id, string and body the server takes). The forms and
// the server's schemas read the same numbers, so a form never lets through what the server
// refuses.

/** The largest id: every id column is a PostgreSQL integer (int4). */
export const ID_MAX = 2_147_483_647;

/** The earliest instant taken: nothing the product records (readings, events, runs) predates 1970. */
export const INSTANT_MIN_MS = Date.UTC(1970, 0, 1);
/** The latest instant taken: the last the ISO-8601 four-digit year can write. */
export const INSTANT_MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A label of a site, area, section, sensor, control or map marker: one line on a card or a pin. */
export const LABEL_MAX_LENGTH = 100;
/** A person's first, last or full name, or a company: what an address label holds. */
export const NAME_MAX_LENGTH = 100;
/** An email address or login name: the longest address SMTP carries (RFC 5321 path, 254). */
export const EMAIL_MAX_LENGTH = 254;
/** A notification address, email or phone: an email is the longer of the two. */
export const ADDRESS_MAX_LENGTH = EMAIL_MAX_LENGTH;
/** A password: far beyond any passphrase, short enough that hashing it costs nothing extra. */
export const PASSWORD_MAX_LENGTH = 256;
/** A token (access, refresh, activation, reset, invitation): a signed token is a few hundred. */
export const TOKEN_MAX_LENGTH = 2048;
/** A note on an area or a thing: a few paragraphs, as read in the notes list. */
export const NOTE_MAX_LENGTH = 2000;
/** A device tag (tags.identifier, e.g. canopy, weather): one word or two. */
export const TAG_MAX_LENGTH = 50;
/** A word of the vocabulary the spec leaves open (site type, application, cloud region, locale). */
export const WORD_MAX_LENGTH = 50;
/** A metric path, e.g. soil.moisture.30cm, or a site filter value. */
export const METRIC_MAX_LENGTH = 200;
/** Location text: one point, `[-39.64217,176.84321]`, with room for spacing and long decimals. */
export const LOCATION_TEXT_MAX_LENGTH = 200;
/** Outline text: a polygon of up to about 2,000 corners, far more than a block outline needs. */
export const OUTLINE_TEXT_MAX_LENGTH = 100_000;
/** Any other free text (an event message, an activation message): a paragraph. */
export const TEXT_MAX_LENGTH = 1000;
/**
 * A site config, serialized as JSON (characters): season and time zone take under 100, and every member's
 * console downloads the config on every poll of the site.
 */
export const SITE_CONFIG_MAX_LENGTH = 4096;
/**
 * How deep a JSON body may nest: the deepest body of the contract (a program's zones and
 * sequences, a GeoJSON polygon) is under 10; parsers and validators recurse per level.
 */
export const JSON_BODY_MAX_DEPTH = 32;
