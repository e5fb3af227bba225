/** Site (§3): a customer's farm or station, holding areas, tags, map settings and config. */
import { z } from 'zod';
import { areaSchema } from './area.ts';
import { boundsSchema, latLngSchema, locationTextSchema } from './geometry.ts';
import {
  idSchema,
  isoDateTimeSchema,
  nonEmptyStringSchema,
  nullableIsoDateTimeSchema,
} from './primitives.ts';
import { countryCodeSchema } from './vocabulary.ts';
import { kRsLocationSchema, siteElevationSchema } from '../agronomy/et0-day.ts';
import { SITE_CONFIG_MAX_LENGTH, WORD_MAX_LENGTH } from '../constants/limits.ts';
import { readingRetentionMonthsSchema } from '../telemetry/retention.ts';

/**
 * Days in each month, index 0 = January. February has 29: a season is a day and month with no
 * year (§5), and 29 February exists in leap years.
 */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** True when `text` is a real day-month written DDMM, e.g. '0109' is 1 September. */
export function isDayMonth(text: string): boolean {
  if (!/^\d{4}$/.test(text)) return false;
  const day = Number(text.slice(0, 2));
  const month = Number(text.slice(2, 4));
  const days = DAYS_IN_MONTH[month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/** A day of the year written DDMM (§3 season), e.g. '0109' = 1 September, '3002' is refused. */
export const dayMonthSchema = z
  .string()
  .length(4)
  .refine(isDayMonth, 'Not a real day and month written DDMM');
export type DayMonth = z.infer<typeof dayMonthSchema>;

/** The growing season (§3): start and end as DDMM; the end may fall in the next year. */
export const seasonSchema = z.strictObject({ start: dayMonthSchema, end: dayMonthSchema });
export type Season = z.infer<typeof seasonSchema>;

/** The zones of the IANA list this runtime knows, and UTC (which the list leaves out). */
const TIME_ZONES: ReadonlySet<string> = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
/** How IANA writes a zone name: capitalised segments, e.g. America/Argentina/Buenos_Aires. */
const IANA_NAME = /^[A-Z][A-Za-z_-]*(?:\/[A-Z][A-Za-z0-9_+-]*)+$/;

/**
 * True for a zone of the IANA list, spelled as the list spells it. The runtime's list keeps
 * the older name of a renamed zone (Asia/Calcutta), so a current name (Asia/Kolkata) counts
 * when the runtime resolves it to a zone of the list.
 */
export function isIanaTimeZone(name: string): boolean {
  if (TIME_ZONES.has(name)) return true;
  if (!IANA_NAME.test(name)) return false;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions();
    return TIME_ZONES.has(resolved.timeZone);
  } catch {
    return false;
  }
}

/** An IANA time zone name, e.g. Pacific/Auckland; 'Not/AZone' is refused. */
export const timeZoneSchema = z
  .string()
  .max(WORD_MAX_LENGTH)
  .refine(isIanaTimeZone, 'Not a time zone of the IANA list');

/**
 * Site config (§3): season and timezone. Decision: the spec's "others optional" names no other
 * key, so a config sent with one is refused (see siteConfigBodySchema); a stored config is read
 * with any other key left out, and with the zone it holds (the console falls back from an
 * unknown one, §9), so a config stored before these rules still reads.
 */
export const siteConfigSchema = z.object({
  season: seasonSchema.optional(),
  /** IANA zone, e.g. Pacific/Auckland; when absent the console guesses from the country (§9). */
  timezone: nonEmptyStringSchema.optional(),
  /**
   * DDMM: the day chill units and chill hours start again (issue 14); when absent 1 April south
   * of the equator, 1 October north of it (agronomy defaultChillStart).
   */
  chillStart: dayMonthSchema.optional(),
  /**
   * Interior or coastal (issue 30): FAO-56 eq. 50's kRs (0.16, 0.19) where ET0 estimates solar
   * radiation from the temperature range; interior when absent.
   */
  kRsLocation: kRsLocationSchema.optional(),
  /** Metres above sea level, for ET0's pressure (FAO-56 eq. 7) and clear-sky radiation; 0 when absent. */
  elevation: siteElevationSchema.optional(),
  /** Whole months of raw readings kept (issue 34); READING_RETENTION_MONTHS_DEFAULT when absent. */
  readingRetentionMonths: readingRetentionMonthsSchema.optional(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/**
 * A config as sent: only the keys of the spec, a zone of the IANA list, and small, since every
 * member's console downloads it on every poll of the site.
 */
export const siteConfigBodySchema = z
  .strictObject({
    season: seasonSchema.optional(),
    timezone: timeZoneSchema.optional(),
    chillStart: dayMonthSchema.optional(),
    kRsLocation: kRsLocationSchema.optional(),
    elevation: siteElevationSchema.optional(),
    readingRetentionMonths: readingRetentionMonthsSchema.optional(),
  })
  .refine(
    (config) => JSON.stringify(config).length <= SITE_CONFIG_MAX_LENGTH,
    `A site config may take at most ${SITE_CONFIG_MAX_LENGTH} characters as JSON`,
  );

/** Site tags (§3): where the site is and what it grows; country and region group the site list. */
export const siteTagsSchema = z.object({
  country: countryCodeSchema,
  region: nonEmptyStringSchema,
  cropType: z.string().optional(),
});
export type SiteTags = z.infer<typeof siteTagsSchema>;

/** A fixed marker drawn on the site map. */
export const siteMarkerSchema = z.object({
  label: z.string(),
  location: latLngSchema,
});
export type SiteMarker = z.infer<typeof siteMarkerSchema>;

/** A fixed polygon drawn on the site map (a block, a boundary). */
export const sitePolygonSchema = z.object({
  label: z.string(),
  path: z.array(latLngSchema).min(3, 'A polygon needs at least 3 points'),
});
export type SitePolygon = z.infer<typeof sitePolygonSchema>;

/** Site map settings (§3): bounds, markers, polygons; all optional. */
export const siteSettingsSchema = z.object({
  bounds: boundsSchema.optional(),
  markers: z.array(siteMarkerSchema).optional(),
  polygons: z.array(sitePolygonSchema).optional(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/**
 * The short summary a site carries in lists (§3 Site.summary; shape not given). Ours: what the
 * dashboard map needs per site.
 */
export const siteBriefSummarySchema = z.object({
  faults: z.number().int().nonnegative(),
  warnings: z.number().int().nonnegative(),
  /** Programs currently running (§4 active). */
  running: z.number().int().nonnegative(),
  lastUpdate: nullableIsoDateTimeSchema,
});
export type SiteBriefSummary = z.infer<typeof siteBriefSummarySchema>;

export const siteSchema = z.object({
  id: idSchema,
  label: nonEmptyStringSchema,
  /** Point text. */
  location: locationTextSchema,
  /** Site types include 'site' (§9); no others are named, so any non-empty word is kept. */
  type: nonEmptyStringSchema,
  /** Absent in list responses (GET sites). */
  areas: z.array(areaSchema).optional(),
  tags: siteTagsSchema,
  /** Product applications the site uses (the application filter of §3), e.g. irrigation, frost. */
  applications: z.array(nonEmptyStringSchema),
  settings: siteSettingsSchema,
  config: siteConfigSchema,
  summary: siteBriefSummarySchema.nullable().optional(),
  modified: isoDateTimeSchema,
});
export type Site = z.infer<typeof siteSchema>;

/** PUT sites/{id} (§7): the existing config with the new season. */
export const siteUpdateBodySchema = z.strictObject({ config: siteConfigBodySchema });
export type SiteUpdateBody = z.infer<typeof siteUpdateBodySchema>;
