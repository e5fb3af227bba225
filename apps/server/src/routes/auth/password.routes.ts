/**
 * Passwords (§7): POST user/change-password (signed in), and the emailed reset,
 * login/reset-password/begin and /finish.
 */
import {
  changePasswordBodySchema,
  FORGOT_PASSWORD_USER_NOT_FOUND,
  resetPasswordBeginBodySchema,
  resetPasswordFinishBodySchema,
} from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consumeAccountToken,
  issueAccountToken,
  peekAccountToken,
} from '../../auth/account-tokens.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { authOf } from '../../http/context.ts';
import { forbidden, HttpError, unauthorized } from '../../http/errors.ts';
import { resetPasswordEmail, resetPasswordLink } from '../../mail/templates.ts';
import { fullNameOf } from './auth.presenter.ts';
import { findUserById, findUserByLogin, storePassword } from './auth.repository.ts';
import {
  assertNotThrottled,
  clearAttempts,
  countAttempt,
  MAX_FAILURES_PER_ADDRESS,
  MAX_RESET_EMAILS_PER_ACCOUNT,
  throttleKey,
} from './login-throttle.ts';
import { assertChangePasswordLength, assertStrongPassword } from './password-rules.ts';

const noContent = z.null().describe('No content');

const RESET_LINK_INVALID = 'This password reset link is invalid, has been used or has expired.';

export async function passwordRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;

  app.post(
    '/user/change-password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: "Change the caller's password (§7); other sessions end",
        description:
          'At least 6 characters (§5 change password). Refused (403) while acting as another ' +
          'user through login/as: staff may look, not take the account over.',
        security: [{ bearer: [] }],
        body: changePasswordBodySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (auth.actorUserId !== null) {
        throw forbidden('Cannot change the password while logged in as another user');
      }
      assertChangePasswordLength('password', request.body.password);
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction((tx) =>
        storePassword(tx, {
          userId: auth.userId,
          passwordHash,
          keepSessionId: auth.sessionId,
          now: ctx.clock.now(),
        }),
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/login/reset-password/begin',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use password reset link (§7)',
        description:
          `404 when no user has the email (§8 '${FORGOT_PASSWORD_USER_NOT_FOUND}'). The link ` +
          `expires in 1 hour. 429 after ${MAX_RESET_EMAILS_PER_ACCOUNT} reset emails to one ` +
          `account, or ${MAX_FAILURES_PER_ADDRESS} unknown emails from one address, in 15 minutes.`,
        body: resetPasswordBeginBodySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const now = ctx.clock.now();
      const setRetryAfter = (seconds: number) => reply.header('retry-after', String(seconds));
      const addressKey = throttleKey.address(request.ip);
      // Probing emails here counts against the address like failed sign-ins do.
      await assertNotThrottled(
        db,
        [{ key: addressKey, max: MAX_FAILURES_PER_ADDRESS }],
        now,
        setRetryAfter,
        'Too many attempts from this address. Try again in 15 minutes.',
      );
      const user = await findUserByLogin(db, request.body.email);
      if (!user) {
        await countAttempt(db, [addressKey], now);
        throw new HttpError(404, FORGOT_PASSWORD_USER_NOT_FOUND);
      }
      const resetKey = throttleKey.resetEmail(user.id);
      await assertNotThrottled(
        db,
        [{ key: resetKey, max: MAX_RESET_EMAILS_PER_ACCOUNT }],
        now,
        setRetryAfter,
        'Too many reset emails for this account. Check your inbox, or try again in 15 minutes.',
      );
      await countAttempt(db, [resetKey], now);

      const token = await issueAccountToken(db, { userId: user.id, purpose: 'reset', now });
      const link = resetPasswordLink(ctx.config.publicUrl, { token, legacy: request.body.legacy });
      await ctx.mailer.send(resetPasswordEmail({ to: user.login, name: fullNameOf(user), link }));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/login/reset-password/finish',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the emailed reset token (§7); every session ends',
        description:
          '400 with the failed strong-password rules as detail (the token stays usable); ' +
          '401 when the token is unknown, used or expired.',
        body: resetPasswordFinishBodySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const { token, newPassword } = request.body;
      const now = ctx.clock.now();
      // A weak password must not use the link up, so the token is only looked at first.
      if (!(await peekAccountToken(db, token, 'reset', now)))
        throw unauthorized(RESET_LINK_INVALID);
      assertStrongPassword('newPassword', newPassword);
      const passwordHash = await hashPassword(newPassword);
      const userId = await db.transaction(async (tx) => {
        const row = await consumeAccountToken(tx, token, 'reset', now);
        if (!row) throw unauthorized(RESET_LINK_INVALID);
        await storePassword(tx, { userId: row.userId, passwordHash, now });
        return row.userId;
      });
      // Whoever reset the password may sign in at once, even after failed attempts.
      const user = await findUserById(db, userId);
      if (user) await clearAttempts(db, throttleKey.account(user.login));
      return reply.code(204).send(null);
    },
  );
}
