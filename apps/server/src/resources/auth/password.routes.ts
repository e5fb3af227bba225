/**
 * Passwords (§7): POST user/change-password (signed in), the emailed reset,
 * login/reset-password/begin and /finish, and the recovery link's sign-in, login/recovery.
 */
import { authEndpoints } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { beginPasswordReset } from './begin-password-reset.ts';
import { changePassword } from './change-password.ts';
import { finishPasswordReset } from './finish-password-reset.ts';
import { recoverWithLink } from './recover-with-link.ts';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';

export async function passwordRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  route(app, authEndpoints.changePassword, async (request, reply) => {
    await changePassword(
      db,
      { auth: authOf(request), password: request.body.password },
      ctx.clock.now(),
    );
    return reply.code(204).send(null);
  });

  route(app, authEndpoints.beginPasswordReset, async (request, reply) => {
    await beginPasswordReset(ctx, {
      email: request.body.email,
      legacy: request.body.legacy,
      address: request.ip,
      onRetryAfter: (seconds) => reply.header('retry-after', String(seconds)),
      onSendFailed: (error) => request.log.error({ err: error }, 'password reset email not sent'),
    });
    return reply.code(204).send(null);
  });

  route(app, authEndpoints.finishPasswordReset, async (request, reply) => {
    await finishPasswordReset(db, request.body, ctx.clock.now());
    return reply.code(204).send(null);
  });

  route(app, authEndpoints.recover, async (request) => recoverWithLink(ctx, request.body));
}
