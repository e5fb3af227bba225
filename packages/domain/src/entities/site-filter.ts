/**
 * Site filter (§3, §7): lists of application, country, region, operator and client values, with its
 * two wire forms — stored as filter name → 'a;b', and sent as repeated query pairs.
 */
import { z } from 'zod';
import { TEXT_MAX_LENGTH } from '../constants/limits.ts';
import { textSchema } from './primitives.ts';
import { siteFilterKeySchema } from './vocabulary.ts';
import type { SiteFilterKey } from './vocabulary.ts';
import { isOneOf } from './words.ts';

/** The separator of the stored form (§3). */
export const SITE_FILTER_SEPARATOR = ';';

/** One filter value: non-empty and without the separator, so both wire forms round-trip. */
export const siteFilterValueSchema = z
  .string()
  .min(1)
  .refine((value) => !value.includes(SITE_FILTER_SEPARATOR), 'A filter value cannot contain ;');

const valuesSchema = z.array(siteFilterValueSchema).default([]);

/** An empty list means "no filter on this key"; a missing key parses as empty. */
export const siteFilterSchema = z.object({
  application: valuesSchema,
  country: valuesSchema,
  region: valuesSchema,
  operator: valuesSchema,
  client: valuesSchema,
});
export type SiteFilter = z.infer<typeof siteFilterSchema>;

export const SITE_FILTER_KEYS: readonly SiteFilterKey[] = siteFilterKeySchema.options;

/** A filter with nothing selected. */
export const EMPTY_SITE_FILTER: SiteFilter = {
  application: [],
  country: [],
  region: [],
  operator: [],
  client: [],
};

/** The stored form (§3, browser storage site_filters): filter name → semicolon-joined values. */
export const storedSiteFilterSchema = z.record(z.string(), z.string());
export type StoredSiteFilter = Partial<Record<SiteFilterKey, string>>;

function isSiteFilterKey(key: string): key is SiteFilterKey {
  return isOneOf(SITE_FILTER_KEYS, key);
}

function splitValues(text: string): string[] {
  return text.split(SITE_FILTER_SEPARATOR).filter((value) => value.length > 0);
}

/** Filter → stored form; keys with no values are left out. */
export function siteFilterToStored(filter: SiteFilter): StoredSiteFilter {
  const stored: StoredSiteFilter = {};
  for (const key of SITE_FILTER_KEYS) {
    const values = filter[key];
    if (values.length > 0) stored[key] = values.join(SITE_FILTER_SEPARATOR);
  }
  return stored;
}

/** Stored form → filter; unknown names and empty values are ignored. */
export function siteFilterFromStored(stored: Readonly<Record<string, string>>): SiteFilter {
  const filter = emptySiteFilter();
  for (const [key, text] of Object.entries(stored)) {
    if (isSiteFilterKey(key)) filter[key].push(...splitValues(text));
  }
  return filter;
}

/** The flag that asks GET sites for the extended list (§7 "extended=true variant"). */
export const EXTENDED_QUERY_KEY = 'extended';

/**
 * Filter → GET sites query pairs (§7): one pair per value, the key repeated, in key order; with
 * `extended`, a trailing extended=true pair.
 */
export function siteFilterToQuery(
  filter: SiteFilter,
  options: { extended?: boolean } = {},
): [string, string][] {
  const pairs: [string, string][] = [];
  for (const key of SITE_FILTER_KEYS) {
    for (const value of filter[key]) pairs.push([key, value]);
  }
  if (options.extended === true) pairs.push([EXTENDED_QUERY_KEY, 'true']);
  return pairs;
}

/**
 * Query pairs → filter, the inverse of {@link siteFilterToQuery}. A value holding semicolons (the
 * stored form pasted into a query) is split; unknown keys, `extended` and empty values are ignored.
 */
export function siteFilterFromQuery(pairs: Iterable<readonly [string, string]>): SiteFilter {
  const filter = emptySiteFilter();
  for (const [key, text] of pairs) {
    if (isSiteFilterKey(key)) filter[key].push(...splitValues(text));
  }
  return filter;
}

/** True when any key has at least one value (§2: the not-found page then mentions the filter). */
export function isSiteFilterActive(filter: SiteFilter): boolean {
  return SITE_FILTER_KEYS.some((key) => filter[key].length > 0);
}

function emptySiteFilter(): SiteFilter {
  return { application: [], country: [], region: [], operator: [], client: [] };
}

/** One filter key as it arrives: once (a string) or repeated (an array); ';' separates values. */
const filterQueryTextSchema = textSchema(TEXT_MAX_LENGTH);
const filterQueryValueSchema = z
  .union([filterQueryTextSchema, z.array(filterQueryTextSchema)])
  .optional()
  .describe('Values separated by ";"; the key may repeat');

/**
 * GET sites query (§7): the site filter keys and `extended`. Any other key is refused with its
 * name as the field, rather than ignored, so a misspelt filter never silently shows every site.
 */
export const sitesQuerySchema = z
  .object({
    application: filterQueryValueSchema,
    country: filterQueryValueSchema,
    region: filterQueryValueSchema,
    operator: filterQueryValueSchema,
    client: filterQueryValueSchema,
    extended: z
      .stringbool()
      .optional()
      .describe('true: each site also carries its areas (without sections)'),
  })
  .catchall(z.unknown())
  .superRefine((query, ctx) => {
    // Reported per key (a strict object would report them all at the root, without a field).
    for (const key of Object.keys(query)) {
      if (key !== EXTENDED_QUERY_KEY && !isSiteFilterKey(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'Unknown site filter key' });
      }
    }
  });
export type SitesQuery = z.infer<typeof sitesQuerySchema>;
