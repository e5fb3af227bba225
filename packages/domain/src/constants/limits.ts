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

/*
 * Program numbers (§3 zone setting, schedule variations and control configs; §9 units: mm depth,
 * % variation, cl cycles, hours between repeats). The spec gives units but no ranges: each bound
 * below is the physical or practical limit it names. The form checks them and the server refuses
 * what lies outside, through the same schemas (entities/program.ts), so no run is ever planned from
 * a number the runner cannot water by.
 */

/** Variation floor, %: a cut of 100 % gives no water; a zone cannot be cut further. */
export const MIN_VARIATION_PERCENT = -100;
/**
 * Variation ceiling, %: at most doubles the water, as irrigation controllers' seasonal adjustment
 * does (0–200 % of the set time); a larger change belongs in the depth.
 */
export const MAX_VARIATION_PERCENT = 100;
/**
 * Depth per run, mm: the heaviest single applications (basin and border flooding) put on about
 * 100–150 mm; water deeper than 200 mm drains past any root zone.
 */
export const MAX_DEPTH_MM = 200;
/** Cycles a run is split into: more than 24 would make each cycle shorter than a valve takes to pressure up. */
export const MAX_CYCLES = 24;
/** Repeats after a zone's run: more than 24 is a schedule of its own, not a repeat. */
export const MAX_REPEATS = 24;
/** Hours between repeats: a repeat more than a week (168 h) later is the next scheduled run. */
export const MAX_REPEAT_INTERVAL_HOURS = 168;
/**
 * Ours: the application rate of a zone whose setting gives none, mm/h. Micro-sprinklers under
 * orchards and vines apply about 2–8 mm/h; 5 mm/h sits in the middle. Drip is slower (about
 * 1 mm/h), so drip zones should carry their own rate.
 */
export const DEFAULT_APPLICATION_RATE_MM_PER_HOUR = 5;
/** Application rate floor, mm/h: the slowest drip lines put on about 0.5 mm/h; 0.1 leaves room below. */
export const MIN_APPLICATION_RATE_MM_PER_HOUR = 0.1;
/**
 * Application rate ceiling, mm/h: no emitter comes near it (sprinklers and guns 5–50 mm/h); the
 * ceiling keeps the arithmetic finite and leaves room for demonstration runs that water in seconds.
 */
export const MAX_APPLICATION_RATE_MM_PER_HOUR = 100_000;
/**
 * One run of a zone (depth ÷ rate with the setting's variation), hours: two days is longer than
 * any zone waters at once, even drip on deep soil near its slowest rate.
 */
export const MAX_ZONE_RUNTIME_HOURS = 48;

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
/** An acknowledgement's comment (alarms, events): a sentence or two. */
export const COMMENT_MAX_LENGTH = 500;
/**
 * A radio's or unit's reporting interval, seconds: from 10 s (a device being watched closely)
 * to a day (a device saving its battery). Past 1.5 intervals without a report it is overdue.
 */
export const REPORT_INTERVAL_MIN_SECONDS = 10;
export const REPORT_INTERVAL_MAX_SECONDS = 86_400;
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
