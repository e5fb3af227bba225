/**
 * Accounts made by someone else (§7): activation (login/account-activation/validate and
 * /finish), the invitation sign-up (users/sign-up/status and /complete; paths ours, the spec
 * does not show them) and POST users/find-by-email.
 */
import { authEndpoints, hasPrivilege, personName } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { peekAccountToken } from '../../auth/account-tokens.ts';
import { acceptInvitation, invitationState } from './accept-invitation.ts';
import { ACTIVATION_INVALID, finishActivation } from './finish-activation.ts';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { forbidden, HttpError, notFound, unauthorized } from '../../http/errors.ts';
import { presentAuditPerson } from './auth.presenter.ts';
import {
  activeMemberships,
  findInvitation,
  findUserById,
  findUserByLogin,
} from './auth.repository.ts';

const INVITATION_EXPIRED = 'This invitation is unknown or has expired';

export async function accountRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  route(app, authEndpoints.validateActivation, async (request) => {
    const row = await peekAccountToken(db, request.body.token, 'activation', ctx.clock.now());
    const user = row ? await findUserById(db, row.userId) : null;
    if (!user) throw unauthorized(ACTIVATION_INVALID);
    return {
      status: 'valid',
      message: 'Choose a password to activate your account',
      email: user.login,
      name: personName(user),
    };
  });

  route(app, authEndpoints.finishActivation, async (request, reply) => {
    await finishActivation(db, request.body, ctx.clock.now());
    return reply.code(204).send(null);
  });

  route(app, authEndpoints.getSignupStatus, async (request) => {
    const invitation = await findInvitation(db, request.query.token);
    const state = invitation ? invitationState(invitation, ctx.clock.now()) : 'expired';
    if (!invitation || invitation.token.siteId === null || state === 'expired') {
      throw new HttpError(400, INVITATION_EXPIRED, {
        field: 'token',
        location: 'querystring',
        reason: INVITATION_EXPIRED,
      });
    }
    return {
      stats: { signupStatus: state },
      email: invitation.user.login,
      fullName: personName(invitation.user),
      siteId: invitation.token.siteId,
    };
  });

  route(app, authEndpoints.completeSignup, async (request) => {
    await acceptInvitation(db, request.body, ctx.clock.now());
    return { status: 'completed' as const };
  });

  route(app, authEndpoints.findUserByEmail, async (request) => {
    const viewable = (await activeMemberships(db, authOf(request).userId))
      .filter((membership) => hasPrivilege(membership.privileges, 'viewUsers'))
      .map((membership) => membership.siteId);
    if (viewable.length === 0) throw forbidden('Requires the viewUsers privilege');
    const user = await findUserByLogin(db, request.body.email);
    const sites = user ? await activeMemberships(db, user.id) : [];
    if (!user || !sites.some((membership) => viewable.includes(membership.siteId))) {
      throw notFound('User');
    }
    return presentAuditPerson(user);
  });
}
