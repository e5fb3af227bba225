/** Privileges (§3, §6): what a user may do on a site and per area, and the permission update call. */
import { z } from 'zod';
import { idSchema } from './primitives.ts';
import { privilegeSchema } from './vocabulary.ts';

/** A JSON object key holding an id (JSON keys are text). */
const idKeySchema = z.string().regex(/^[1-9]\d*$/, 'Not an id');

/** GET sites/{id}/privileges (§7): site-level actions and, per area id, that area's actions. */
export const sitePrivilegesSchema = z.object({
  privileges: z.array(privilegeSchema),
  areas: z.record(idKeySchema, z.array(privilegeSchema)),
});
export type SitePrivileges = z.infer<typeof sitePrivilegesSchema>;

/** GET user/privileges (§7; shape not given). Decision: the user-level list of §6. */
export const userPrivilegesSchema = z.object({ privileges: z.array(privilegeSchema) });
export type UserPrivileges = z.infer<typeof userPrivilegesSchema>;

/** PUT permissions (§7): grant or revoke actions on sites for users. */
export const permissionUpdateBodySchema = z.strictObject({
  privilege: z.strictObject({
    actions: z.array(privilegeSchema).min(1),
    /**
     * Sites (their site-level lists), or areas (the per-area lists of §3, which add to the site
     * list). Area targets are ours: the spec names the site target only.
     */
    target: z.strictObject({
      type: z.enum(['site', 'area']),
      ids: z.array(idSchema).min(1),
    }),
    allowed: z.boolean(),
  }),
  owners: z.array(z.strictObject({ id: idSchema, type: z.literal('user') })).min(1),
});
export type PermissionUpdateBody = z.infer<typeof permissionUpdateBodySchema>;
