/** Users (§7): a site's users, inviting one (or adding an existing user) and a new invitation link. */
import { z } from 'zod';
import { siteIdParamSchema, userIdParamSchema } from '../entities/params.ts';
import {
  createUserPayloadSchema,
  resendActivationBodySchema,
  userCreatedSchema,
  userSchema,
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
};
