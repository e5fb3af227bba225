/**
 * Wire primitives shared by every entity of §3: ids, ISO-8601 times and text. Entity schemas
 * describe the JSON on the wire, so what is parsed is what is sent (no transforms).
 *
 * One rule each for ids and strings, so no route has to remember them: an id fits the id
 * columns, an instant lies in the calendar the product records, and a string is text the
 * database can keep (no NUL, no lone surrogate) no longer than its meaning needs.
 */
import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  ID_MAX,
  INSTANT_MAX_MS,
  INSTANT_MIN_MS,
  TEXT_MAX_LENGTH,
} from '../constants/limits.ts';

/** Every entity id is a positive integer that fits an id column (sites, areas, devices, …). */
export const idSchema = z.number().int().positive().max(ID_MAX);
export type Id = z.infer<typeof idSchema>;

/** Id of an action request (§3 Request, §7 requestId); the same kind of id as any other entity. */
export const requestIdSchema = idSchema;
export type RequestId = Id;

/**
 * True when `text` can be stored and shown: no NUL (PostgreSQL text and jsonb refuse it) and no
 * lone UTF-16 surrogate (not a character; jsonb refuses its escape, text turns it into U+FFFD).
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}
// Without the u flag a regex sees UTF-16 code units, so a surrogate pair is two matches apart.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const STORABLE_TEXT_MESSAGE = 'Contains a NUL character or a lone surrogate';

/** Text of at most `max` characters that the database can keep; every string sent is one. */
export function textSchema(max: number) {
  return z.string().max(max).refine(isStorableText, STORABLE_TEXT_MESSAGE);
}

/** Non-empty text of at most `max` characters (labels, names, tokens). */
export function nonEmptyTextSchema(max: number) {
  return z.string().min(1).max(max).refine(isStorableText, STORABLE_TEXT_MESSAGE);
}

/** Text a person typed: trimmed, then not blank, at most `max` characters. */
export function trimmedTextSchema(max: number) {
  return z.string().trim().min(1).max(max).refine(isStorableText, STORABLE_TEXT_MESSAGE);
}

/** An email address: a login name, an invitation, a notification address. */
export const emailSchema = z.email().max(EMAIL_MAX_LENGTH);

/** An instant on the wire: ISO-8601 with `Z` or a numeric offset, e.g. `2024-09-01T06:00:00+12:00`. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true }).refine((text) => {
  const ms = Date.parse(text);
  return ms >= INSTANT_MIN_MS && ms <= INSTANT_MAX_MS;
}, 'Must lie between 1970 and 9999');
export type IsoDateTime = z.infer<typeof isoDateTimeSchema>;

/** An instant that may not have happened (never started, never reported): ISO-8601 or null. */
export const nullableIsoDateTimeSchema = isoDateTimeSchema.nullable();

/** A non-empty text (labels, names, tokens) of any meaning: the longest free text. */
export const nonEmptyStringSchema = nonEmptyTextSchema(TEXT_MAX_LENGTH);
