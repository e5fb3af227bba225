/** Permissions (§7): grant or revoke actions on sites for users. */
import { permissionUpdateBodySchema } from '../entities/privileges.ts';
import { defineEndpoint } from './endpoint.ts';
import { noContentSchema } from './no-content.ts';

export const permissionEndpoints = {
  updatePermissions: defineEndpoint({
    method: 'PUT',
    path: '/permissions',
    tag: 'users',
    summary: 'Grant or revoke actions on sites for users (site-level lists)',
    description:
      'Needs addPermissions or updateUsers on every target site. Owners are changed on the ' +
      'target sites they are members of; an owner on none of them is 404. 403 when an ' +
      'action or a role change is not below your own precedence (§5), or for your own list.',
    body: permissionUpdateBodySchema,
    responses: { 204: noContentSchema },
  }),
};
