/**
 * Accounts made by someone else (§7): activation (login/account-activation/validate and
 * /finish), the invitation sign-up (users/sign-up/status and /complete; paths ours, the spec
 * does not show them) and POST users/find-by-email.
 */
import {
  activationFinishBodySchema,
  activationValidateBodySchema,
  activationValidateResponseSchema,
  findByEmailBodySchema,
  foundUserSchema,
  hasPrivilege,
  signUpCompleteBodySchema,
  signUpCompleteResponseSchema,
  signupStatusQuerySchema,
  signupStatusResponseSchema,
  type SignupStatus,
} from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consumeAccountToken, peekAccountToken } from '../../auth/account-tokens.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { authOf } from '../../http/context.ts';
import { forbidden, HttpError, notFound, unauthorized } from '../../http/errors.ts';
import { fullNameOf, presentFoundUser, splitFullName } from './auth.presenter.ts';
import {
  activeMemberships,
  completeSignup,
  findInvitation,
  findUserById,
  findUserByLogin,
  storePassword,
  type Invitation,
} from './auth.repository.ts';
import { clearAttempts, throttleKey } from './login-throttle.ts';
import { assertStrongPassword } from './password-rules.ts';

const noContent = z.null().describe('No content');

const ACTIVATION_INVALID = 'Invalid Activation token';
const INVITATION_EXPIRED = 'This invitation is unknown or has expired';
const INVITATION_UNUSABLE = 'This invitation is unknown, revoked, already used or expired';

/**
 * Where an invitation stands: its membership's signup status (a removed membership reads as
 * revoked), or expired while still open and its link spent or past its time.
 */
function invitationState(invitation: Invitation, now: Date): SignupStatus | 'expired' {
  const { usedAt, expiresAt } = invitation.token;
  const membershipStatus = invitation.memberExists ? invitation.signupStatus : 'revoked';
  const status = membershipStatus ?? (usedAt ? 'completed' : 'sent');
  const open = status === 'sent' || status === 'resent';
  return open && (usedAt !== null || expiresAt <= now) ? 'expired' : status;
}

export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;

  app.post(
    '/login/account-activation/validate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check an activation link and say whose account it is (§7)',
        description:
          '401 when the token is unknown, used or expired (§8 Invalid Activation token).',
        body: activationValidateBodySchema,
        response: { 200: activationValidateResponseSchema },
      },
    },
    async (request) => {
      const row = await peekAccountToken(db, request.body.token, 'activation', ctx.clock.now());
      const user = row ? await findUserById(db, row.userId) : null;
      if (!user) throw unauthorized(ACTIVATION_INVALID);
      return {
        status: 'valid',
        message: 'Choose a password to activate your account',
        email: user.login,
        name: fullNameOf(user),
      };
    },
  );

  app.post(
    '/login/account-activation/finish',
    {
      schema: {
        tags: ['auth'],
        summary: 'Activate the account: name and strong password (§7)',
        description:
          '204; 400 with the failed password rules as detail (the token stays usable); 401 ' +
          "invalid token. The user's pending invitations become completed.",
        body: activationFinishBodySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const { token, password, name } = request.body;
      const now = ctx.clock.now();
      if (!(await peekAccountToken(db, token, 'activation', now))) {
        throw unauthorized(ACTIVATION_INVALID);
      }
      assertStrongPassword('password', password);
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const row = await consumeAccountToken(tx, token, 'activation', now);
        if (!row) throw unauthorized(ACTIVATION_INVALID);
        await storePassword(tx, {
          userId: row.userId,
          passwordHash,
          name: splitFullName(name),
          now,
        });
        // Activation is of the account, so every site the user was invited to is accepted.
        await completeSignup(tx, row.userId, null);
        return row.userId;
      });
      await clearLoginThrottle(userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/users/sign-up/status',
    {
      schema: {
        tags: ['auth'],
        summary: "An invitation's sign-up status (path ours; §7 signup status check)",
        description:
          'stats.signupStatus is sent, resent, completed or revoked (§3); a completed or revoked ' +
          'invitation answers so even after its link expired. 400 when the token is unknown, or ' +
          'still open but expired (§8 SignUp.Error.TokenExpired).',
        querystring: signupStatusQuerySchema,
        response: { 200: signupStatusResponseSchema },
      },
    },
    async (request) => {
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
        fullName: fullNameOf(invitation.user),
        siteId: invitation.token.siteId,
      };
    },
  );

  app.post(
    '/users/sign-up/complete',
    {
      schema: {
        tags: ['auth'],
        summary: 'Accept an invitation: full name and strong password (§7)',
        description:
          '200 {status: completed}. 400 with the failed password rules as detail (the token stays ' +
          'usable); 404 when the invitation is unknown, revoked, used or expired (Signup.Error.' +
          'NotFound; 401 would read as a wrong password to the console, §8).',
        body: signUpCompleteBodySchema,
        response: { 200: signUpCompleteResponseSchema },
      },
    },
    async (request) => {
      const { token, fullName, newPassword } = request.body;
      const now = ctx.clock.now();
      const invitation = await findInvitation(db, token);
      const open =
        invitation !== null &&
        invitation.token.siteId !== null &&
        ['sent', 'resent'].includes(invitationState(invitation, now));
      if (!open) throw new HttpError(404, INVITATION_UNUSABLE);
      assertStrongPassword('newPassword', newPassword);
      const passwordHash = await hashPassword(newPassword);
      const userId = await db.transaction(async (tx) => {
        const row = await consumeAccountToken(tx, token, 'invitation', now);
        if (!row) throw new HttpError(404, INVITATION_UNUSABLE);
        await storePassword(tx, {
          userId: row.userId,
          passwordHash,
          name: splitFullName(fullName),
          now,
        });
        await completeSignup(tx, row.userId, row.siteId);
        return row.userId;
      });
      await clearLoginThrottle(userId);
      return { status: 'completed' as const };
    },
  );

  app.post(
    '/users/find-by-email',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Find a user by login email (§7)',
        description:
          'Only users on a site where the caller has viewUsers; anyone else is 404, like a user ' +
          'that does not exist.',
        security: [{ bearer: [] }],
        body: findByEmailBodySchema,
        response: { 200: foundUserSchema },
      },
    },
    async (request) => {
      const viewable = (await activeMemberships(db, authOf(request).userId))
        .filter((membership) => hasPrivilege(membership.privileges, 'viewUsers'))
        .map((membership) => membership.siteId);
      if (viewable.length === 0) throw forbidden('Requires the viewUsers privilege');
      const user = await findUserByLogin(db, request.body.email);
      const sites = user ? await activeMemberships(db, user.id) : [];
      if (!user || !sites.some((membership) => viewable.includes(membership.siteId))) {
        throw notFound('User');
      }
      return presentFoundUser(user);
    },
  );

  /** Whoever just set their password may sign in at once, even after failed attempts. */
  async function clearLoginThrottle(userId: number) {
    const user = await findUserById(db, userId);
    if (user) await clearAttempts(db, throttleKey.account(user.login));
  }
}
