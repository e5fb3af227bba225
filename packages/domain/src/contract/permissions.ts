/** Permissions (§7): grant or revoke actions on sites for users. */
import { permissionUpdateBodySchema } from '../entities/privileges.ts';
import { defineEndpoint } from './endpoint.ts';
import { noContentSchema } from './no-content.ts';

export const permissionEndpoints = {
  updatePermissions: defineEndpoint({
    method: 'PUT',
    path: '/permissions',
    tag: 'users',
    summary: 'Grant or revoke actions on sites or areas for users (site-level or per-area lists)',
    description:
      'Needs addPermissions or updateUsers on every target site (or area). Owners are changed on ' +
      'the target sites they are members of; an owner on none of them is 404. An area target ' +
      "changes the owners' per-area lists, which add to their site list; every owner must be a " +
      "member of the area's site. 403 when an action or a role change is not below your own " +
      'precedence (§5), or for your own list.',
    body: permissionUpdateBodySchema,
    responses: { 204: noContentSchema },
  }),
};
