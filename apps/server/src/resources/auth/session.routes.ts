/**
 * Signing in and out (§7): POST user/login, user/refresh (ours), user/logout (ours) and
 * user/login/as. Status codes follow the console's §8 mapping: 400 Invalid, 401 PasswordInvalid,
 * 403 AccessDenied, 404 NotFound; 429 when throttled.
 */
import { authEndpoints } from '@paddock/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { revokeSession, rotateRefreshToken } from '../../auth/sessions.ts';
import { logInAs } from './log-in-as.ts';
import { logIn } from './log-in.ts';
import { authOf, type AppContext } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { badRequest, unauthorized } from '../../http/errors.ts';
import { noteSignedIn } from '../../http/touched.ts';
import { activeMemberships, findUserById } from './auth.repository.ts';
import { tokenSetFor } from './token-set.ts';

/** The console sends the region it was configured with (appConfig awsRegion); it must be ours. */
function assertRegion(ctx: AppContext, region: string): void {
  if (region !== ctx.config.region) {
    throw badRequest('region', `this server serves region ${ctx.config.region}`);
  }
}

const retryAfter = (reply: FastifyReply) => (seconds: number) =>
  reply.header('retry-after', String(seconds));

export async function sessionRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  route(app, authEndpoints.login, async (request, reply) => {
    const { user: login, password, region } = request.body;
    assertRegion(ctx, region);
    return logIn(ctx, {
      login,
      password,
      address: request.ip,
      onRetryAfter: retryAfter(reply),
      onSignedIn: (userId) => noteSignedIn(request, userId),
    });
  });

  route(app, authEndpoints.refresh, async (request) => {
    const rotated = await rotateRefreshToken(db, request.body.refreshToken, ctx.clock.now());
    if (!rotated.ok) throw unauthorized(`Refresh token ${rotated.reason}`);
    const user = await findUserById(db, rotated.userId);
    if (!user) throw unauthorized('Refresh token unknown');
    // Membership is checked again, as at sign-in: a user removed from their last site does not
    // get a working session back by refreshing it.
    if ((await activeMemberships(db, user.id)).length === 0) {
      await revokeSession(db, rotated.sessionId, ctx.clock.now());
      throw unauthorized('This account has no access to any site');
    }
    return tokenSetFor(ctx, user, rotated, rotated.actorUserId);
  });

  route(app, authEndpoints.logout, async (request, reply) => {
    await revokeSession(db, authOf(request).sessionId, ctx.clock.now());
    return reply.code(204).send(null);
  });

  route(app, authEndpoints.loginAs, async (request) => {
    const { user: login, region } = request.body;
    assertRegion(ctx, region);
    const auth = authOf(request);
    // Someone already acting as a user acts again as themselves, with their own privileges.
    return logInAs(ctx, {
      actorUserId: auth.actorUserId ?? auth.userId,
      login,
      onSignedIn: (userId) => noteSignedIn(request, userId),
    });
  });
}
