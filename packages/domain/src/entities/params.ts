/**
 * Path and query schemas of §7 calls. Only here are strings coerced to numbers: a path or query
 * value always arrives as text, a JSON body never does.
 */
import { z } from 'zod';
import { ID_MAX } from '../constants/limits.ts';

/** A positive integer id taken from a path segment or a query value; it fits an id column. */
export const idParamValueSchema = z.coerce.number().int().positive().max(ID_MAX);

/**
 * The ids a path or query carries, each under its own name: one builder for every `{id}` object
 * of §7, so each call's names are all that is written.
 */
export function idParamsSchema<const Name extends string>(...names: readonly Name[]) {
  const shape = Object.fromEntries(names.map((name) => [name, idParamValueSchema]));
  return z.object(shape as Record<Name, typeof idParamValueSchema>);
}

/** `…/{id}` in every resource path of §7 (sites/{id}, areas/{id}, programs/{id}, …). */
export const idParamSchema = idParamsSchema('id');
export type IdParam = z.infer<typeof idParamSchema>;

/** GET sections|programs|controls|sensors|radios?area={id} (§7). */
export const areaQuerySchema = idParamsSchema('area');
export type AreaQuery = z.infer<typeof areaQuerySchema>;

/** GET contacts?site={id} (§7). */
export const siteQuerySchema = idParamsSchema('site');
export type SiteQuery = z.infer<typeof siteQuerySchema>;

/** GET sites/{siteId}/users (§7). */
export const siteIdParamSchema = idParamsSchema('siteId');
export type SiteIdParam = z.infer<typeof siteIdParamSchema>;

/** POST users/{userId}/resend-activation-email (§7). */
export const userIdParamSchema = idParamsSchema('userId');
export type UserIdParam = z.infer<typeof userIdParamSchema>;

/** DELETE sites/{siteId}/users/{userId}: a member of the site. */
export const siteUserParamSchema = idParamsSchema('siteId', 'userId');
export type SiteUserParam = z.infer<typeof siteUserParamSchema>;

/** GET status/summary: the console adds a timestamp so no cache in between answers an old one. */
export const statusSummaryQuerySchema = z.object({
  timestamp: z.coerce.number().int().nonnegative().optional(),
});
export type StatusSummaryQuery = z.infer<typeof statusSummaryQuerySchema>;

/** GET areas/{id}?withoutSections=true (§7): the area without its sections list. */
export const areaGetQuerySchema = z.object({ withoutSections: z.stringbool().optional() });
export type AreaGetQuery = z.infer<typeof areaGetQuerySchema>;

/** GET radios/{id}/requests/{requestId} (§7). */
export const requestParamSchema = idParamsSchema('id', 'requestId');
export type RequestParam = z.infer<typeof requestParamSchema>;

/** GET contacts/{id}/test/{testId} (§7). */
export const contactTestParamSchema = idParamsSchema('id', 'testId');
export type ContactTestParam = z.infer<typeof contactTestParamSchema>;

/**
 * A query of local dates `from` to `to`, both included: `to` not before `from`, and the range
 * under `maxDays` long. `counted` is what the range's message counts (days, nights).
 */
export function localDateRangeQuerySchema(
  date: z.ZodType<string>,
  maxDays: number,
  counted: string,
) {
  return z
    .object({ from: date, to: date })
    .refine((q) => q.from <= q.to, {
      message: 'The range must not end before it starts',
      path: ['to'],
    })
    .refine((q) => Date.parse(q.to) - Date.parse(q.from) < maxDays * 86_400_000, {
      message: `A range covers at most ${maxDays} ${counted}`,
      path: ['to'],
    });
}
