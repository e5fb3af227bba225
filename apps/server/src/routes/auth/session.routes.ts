/**
 * Signing in and out (§7): POST user/login, user/refresh (ours), user/logout (ours) and
 * user/login/as. Status codes follow the console's §8 mapping: 400 Invalid, 401 PasswordInvalid,
 * 403 AccessDenied, 404 NotFound; 429 when throttled.
 */
import {
  hasPrivilege,
  loginAsBodySchema,
  loginBodySchema,
  refreshBodySchema,
  tokenSetSchema,
} from '@paddock/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyPassword } from '../../auth/passwords.ts';
import { revokeSession, rotateRefreshToken } from '../../auth/sessions.ts';
import { authOf, type AppContext } from '../../http/context.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import {
  activeMemberships,
  auditLoginAs,
  findUserById,
  findUserByLogin,
  recordLastLogin,
} from './auth.repository.ts';
import {
  assertNotThrottled,
  clearAttempts,
  countAttempt,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  throttleKey,
} from './login-throttle.ts';
import { issueTokenSet, tokenSetFor } from './token-set.ts';

const noContent = z.null().describe('No content');

/** The console sends the region it was configured with (appConfig awsRegion); it must be ours. */
function assertRegion(ctx: AppContext, region: string): void {
  if (region !== ctx.config.region) {
    throw badRequest('region', `this server serves region ${ctx.config.region}`);
  }
}

const retryAfter = (reply: FastifyReply) => (seconds: number) =>
  reply.header('retry-after', String(seconds));

export async function sessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;

  app.post(
    '/user/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with login and password: a token set (§7)',
        description:
          '401 wrong password, 404 unknown login, 403 not activated or on no site, 429 after ' +
          `${MAX_FAILURES_PER_ACCOUNT} failures for the account or ${MAX_FAILURES_PER_ADDRESS} ` +
          'from the address within 15 minutes.',
        body: loginBodySchema,
        response: { 200: tokenSetSchema },
      },
    },
    async (request, reply) => {
      const { user: login, password, region } = request.body;
      assertRegion(ctx, region);
      const now = ctx.clock.now();
      const accountKey = throttleKey.account(login);
      const addressKey = throttleKey.address(request.ip);
      await assertNotThrottled(
        db,
        [
          { key: accountKey, max: MAX_FAILURES_PER_ACCOUNT },
          { key: addressKey, max: MAX_FAILURES_PER_ADDRESS },
        ],
        now,
        retryAfter(reply),
        'Too many failed sign-in attempts. Wait 15 minutes or reset your password.',
      );

      const user = await findUserByLogin(db, login);
      // Verified even without a user or a hash, so timing does not tell the cases apart.
      const passwordOk = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !user.passwordHash || !passwordOk) {
        await countAttempt(db, [accountKey, addressKey], now);
        // The spec maps 404 to Login.Error.NotFound; the forgot-password call tells the same.
        if (!user) throw notFound('User');
        if (!user.passwordHash) throw forbidden('This account has not been activated yet');
        throw unauthorized('Wrong login or password');
      }
      if ((await activeMemberships(db, user.id)).length === 0) {
        throw forbidden('This account has no access to any site');
      }

      await clearAttempts(db, accountKey);
      await recordLastLogin(db, user.id, now);
      const { tokenSet } = await issueTokenSet(ctx, user, null);
      return tokenSet;
    },
  );

  app.post(
    '/user/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Trade the refresh token for a new token set (ours, §5 refresh once)',
        description:
          'The refresh token rotates: each one works once. Presenting one that was already ' +
          'rotated away revokes the whole session (it was copied). Unknown, revoked, expired or ' +
          'reused → 401.',
        body: refreshBodySchema,
        response: { 200: tokenSetSchema },
      },
    },
    async (request) => {
      const rotated = await rotateRefreshToken(db, request.body.refreshToken, ctx.clock.now());
      if (!rotated.ok) throw unauthorized(`Refresh token ${rotated.reason}`);
      const user = await findUserById(db, rotated.userId);
      if (!user) throw unauthorized('Refresh token unknown');
      return tokenSetFor(ctx, user, rotated, rotated.actorUserId);
    },
  );

  app.post(
    '/user/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'End the session: its access and refresh tokens stop working (ours)',
        security: [{ bearer: [] }],
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await revokeSession(db, authOf(request).sessionId, ctx.clock.now());
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/user/login/as',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Act as another user (Switch User, needs loginAs, §6): their token set',
        description:
          'The caller needs loginAs (user-level, or on a site) and the user must belong to a site ' +
          'where the caller has it; otherwise 403, or 404 when no such user is on those sites. ' +
          'Users who hold loginAs themselves cannot be acted as (403). The new session records ' +
          'the actor, and every switch is written to the audit log.',
        security: [{ bearer: [] }],
        body: loginAsBodySchema,
        response: { 200: tokenSetSchema },
      },
    },
    async (request) => {
      const { user: login, region } = request.body;
      assertRegion(ctx, region);
      const auth = authOf(request);
      // Someone already acting as a user acts again as themselves, with their own privileges.
      const actorUserId = auth.actorUserId ?? auth.userId;
      const loginAsSites = (await activeMemberships(db, actorUserId))
        .filter((membership) => hasPrivilege(membership.privileges, 'loginAs'))
        .map((membership) => membership.siteId);
      if (loginAsSites.length === 0) throw forbidden('Requires the loginAs privilege');

      const target = await findUserByLogin(db, login);
      const targetMemberships = target ? await activeMemberships(db, target.id) : [];
      const sharedSites = targetMemberships
        .map((membership) => membership.siteId)
        .filter((siteId) => loginAsSites.includes(siteId));
      // Users of other sites are as unknown to the caller as users that do not exist.
      if (!target || sharedSites.length === 0) throw notFound('User');
      if (targetMemberships.some((membership) => hasPrivilege(membership.privileges, 'loginAs'))) {
        throw forbidden('Cannot log in as a user who holds loginAs');
      }

      const { tokenSet, sessionId } = await issueTokenSet(ctx, target, actorUserId);
      await auditLoginAs(db, {
        actorUserId,
        targetUserId: target.id,
        siteIds: sharedSites,
        sessionId,
        now: ctx.clock.now(),
      });
      return tokenSet;
    },
  );
}
