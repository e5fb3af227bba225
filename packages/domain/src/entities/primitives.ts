/**
 * Wire primitives shared by every entity of §3: ids and ISO-8601 times. Entity schemas describe
 * the JSON on the wire, so what is parsed is what is sent (no transforms).
 */
import { z } from 'zod';

/** Every entity id is a positive integer (sites, areas, sections, devices, programs, contacts…). */
export const idSchema = z.number().int().positive();
export type Id = z.infer<typeof idSchema>;

/** Id of an action request (§3 Request, §7 requestId); the same kind of id as any other entity. */
export const requestIdSchema = idSchema;
export type RequestId = Id;

/** An instant on the wire: ISO-8601 with `Z` or a numeric offset, e.g. `2024-09-01T06:00:00+12:00`. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
export type IsoDateTime = z.infer<typeof isoDateTimeSchema>;

/** An instant that may not have happened (never started, never reported): ISO-8601 or null. */
export const nullableIsoDateTimeSchema = isoDateTimeSchema.nullable();

/** A non-empty text (labels, names, tokens). */
export const nonEmptyStringSchema = z.string().min(1);
