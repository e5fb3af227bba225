/**
 * A site's audit log (issue 33 items 1, 2 and 6): GET sites/{id}/audit, its rows newest first,
 * filtered and paged, and GET sites/{id}/audit/verify, whether its hash chain holds (audit/chain.ts)
 * and where it first breaks. Both need the admin role on the site; support staff read every site's.
 */
import { z } from 'zod';
import { idParamSchema, idParamValueSchema } from '../entities/params.ts';
import { idSchema, isoDateTimeSchema } from '../entities/primitives.ts';
import { defineEndpoint } from './endpoint.ts';

/** Rows a page of GET sites/{id}/audit holds unless `limit` says fewer. */
export const AUDIT_PAGE_LIMIT = { default: 50, max: 500 } as const;

const personSchema = z.object({ id: idSchema, name: z.string() });

export const auditRowSchema = z.object({
  id: idSchema,
  time: isoDateTimeSchema,
  /** Who did it; null for what the product did on its own. */
  actor: personSchema.nullable(),
  /** Under Switch User: the user the actor was acting as. */
  actingAs: personSchema.nullable(),
  /** The caller's network address. */
  address: z.string().nullable(),
  site: idSchema.nullable(),
  area: idSchema.nullable(),
  /** The kind of object changed: 'section', 'alarm', 'site'…; null when none. */
  kind: z.string().nullable(),
  target: idSchema.nullable(),
  /** The contract operation, e.g. 'PUT /sections/:id/flow'. */
  operation: z.string(),
  /** The object's fields before the change, where read; secrets shown as "changed". */
  before: z.unknown(),
  /** What the change sent, secrets shown as "changed". */
  after: z.unknown(),
  /** The operation in words. */
  text: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditPageSchema = z.object({
  rows: z.array(auditRowSchema),
  /** Rows matching the filters, on every page. */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional().describe('Rows at or after this time'),
  to: z.iso.datetime({ offset: true }).optional().describe('Rows before this time'),
  actor: idParamValueSchema.optional().describe('Rows by this user (as actor or acted as)'),
  kind: z.string().max(40).optional().describe('Rows about objects of this kind'),
  target: idParamValueSchema.optional().describe('Rows about the object with this id'),
  operation: z
    .string()
    .max(120)
    .optional()
    .describe("Rows of this operation, as rows name it: 'PUT /sections/:id/flow'"),
  page: z.coerce.number().int().positive().max(1_000_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .positive()
    .max(AUDIT_PAGE_LIMIT.max)
    .default(AUDIT_PAGE_LIMIT.default),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditVerdictSchema = z.object({
  ok: z.boolean(),
  /** Rows checked. */
  rows: z.number().int().nonnegative(),
  /** The first row whose link does not hold; absent when ok. */
  broken: z
    .object({
      /** Null when the rows a daily anchor vouches for are gone from the end of the log. */
      id: idSchema.nullable(),
      seq: z.number().int().positive(),
      /** `anchor`: the row's hash is not the one its day's anchor kept (rehashed after an edit). */
      reason: z.enum(['edited', 'missing', 'relinked', 'anchor']),
    })
    .optional(),
});
export type AuditVerdictBody = z.infer<typeof auditVerdictSchema>;

export const auditEndpoints = {
  listSiteAudit: defineEndpoint({
    method: 'GET',
    path: '/sites/:id/audit',
    tag: 'sites',
    summary: "The site's audit log: every change, who made it and from where, newest first",
    params: idParamSchema,
    query: auditQuerySchema,
    responses: { 200: auditPageSchema },
  }),
  verifySiteAudit: defineEndpoint({
    method: 'GET',
    path: '/sites/:id/audit/verify',
    tag: 'sites',
    summary:
      "Whether the site's audit log is as written: its hash chain, and where it first breaks",
    params: idParamSchema,
    responses: { 200: auditVerdictSchema },
  }),
};
