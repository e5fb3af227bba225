/**
 * Users (§7): a site's users, inviting one (or adding an existing user), a new invitation link,
 * removing a user from a site and the audit trail of Switch User (paths the spec leaves out).
 */
import { z } from 'zod';
import { siteIdParamSchema, siteUserParamSchema, userIdParamSchema } from '../entities/params.ts';
import {
  createUserPayloadSchema,
  resendActivationBodySchema,
  userCreatedSchema,
  userSchema,
  userSwitchSchema,
} from '../entities/user.ts';
import { defineEndpoint } from './endpoint.ts';
import { noContentSchema } from './no-content.ts';

export const userEndpoints = {
  listSiteUsers: defineEndpoint({
    method: 'GET',
    path: '/sites/:siteId/users',
    tag: 'users',
    summary: "The site's users with their privileges there, contact and stats",
    description: 'Needs viewUsers on the site.',
    params: siteIdParamSchema,
    responses: { 200: z.array(userSchema) },
  }),
  inviteUser: defineEndpoint({
    method: 'POST',
    path: '/users',
    tag: 'users',
    summary: 'Invite a user to a site, or add an existing user to it',
    description:
      'Needs createUsers on siteId. 201 {user}: a new user, invited by email. 200 {user}: the ' +
      'email belongs to an existing user, now added to this site (invited again if they never ' +
      'signed up). 409: already a user of this site. 403: a role not below your own (§5).',
    body: createUserPayloadSchema,
    responses: { 200: userCreatedSchema, 201: userCreatedSchema },
  }),
  resendActivationEmail: defineEndpoint({
    method: 'POST',
    path: '/users/:userId/resend-activation-email',
    tag: 'users',
    summary: 'Send a new invitation link to a user who has not signed up yet',
    description:
      'Needs createUsers on siteId. Earlier links stop working. 404: not a user of this ' +
      'site. 409: sign-up already completed, or the invitation was revoked.',
    params: userIdParamSchema,
    body: resendActivationBodySchema,
    responses: { 204: noContentSchema },
  }),
  removeSiteUser: defineEndpoint({
    method: 'DELETE',
    path: '/sites/:siteId/users/:userId',
    tag: 'users',
    summary: 'Remove a user from a site: their access to it ends at once',
    description:
      "Needs deleteUsers on the site, and the user's role below your own (§5). Their open " +
      'invitation to the site stops working; a user left on no site is signed out everywhere. ' +
      '404: not a user of this site. 403: yourself, or a role not below your own.',
    params: siteUserParamSchema,
    responses: { 204: noContentSchema },
  }),
  listSiteUserSwitches: defineEndpoint({
    method: 'GET',
    path: '/sites/:siteId/user-switches',
    tag: 'users',
    summary: 'The audit trail of Switch User: who acted as which user of the site, newest first',
    description: 'Needs the admin role on the site (§6). The latest 200.',
    params: siteIdParamSchema,
    responses: { 200: z.array(userSwitchSchema) },
  }),
};
