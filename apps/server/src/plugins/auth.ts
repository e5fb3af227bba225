/**
 * Bearer authentication (spec §7: every authenticated call carries `Authorization: Bearer
 * <token>`). A token must verify, be unexpired, and belong to a session that was not logged out.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { verifyAccessToken } from '../auth/access-token.ts';
import { isSessionLive } from '../auth/sessions.ts';
import { unauthorized } from '../http/errors.ts';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const now = app.ctx.clock.now();
    const claims = await verifyAccessToken(token, app.ctx.tokenSecret, now);
    if (!claims) throw unauthorized('Invalid or expired token');
    if (!(await isSessionLive(app.ctx.db, claims.sessionId, now))) {
      throw unauthorized('Session has ended');
    }
    request.auth = claims;
  });
});
