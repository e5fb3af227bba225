/** Signing in: a new session (refresh-token family) and the access token that names it. */
import type { TokenSet } from '@paddock/domain';
import { signAccessToken } from '../../auth/access-token.ts';
import { createSession } from '../../auth/sessions.ts';
import type { AppContext } from '../../http/context.ts';
import { presentTokenSet } from './auth.presenter.ts';
import type { UserRow } from './auth.repository.ts';

export async function issueTokenSet(
  ctx: AppContext,
  user: UserRow,
  actorUserId: number | null,
): Promise<{ tokenSet: TokenSet; sessionId: string }> {
  const now = ctx.clock.now();
  const session = await createSession(ctx.db, {
    userId: user.id,
    actorUserId,
    ttlSeconds: ctx.config.refreshTokenTtlSeconds,
    now,
  });
  const tokenSet = await tokenSetFor(ctx, user, session, actorUserId);
  return { tokenSet, sessionId: session.sessionId };
}

/** The token set of an existing session, e.g. after its refresh token was rotated. */
export async function tokenSetFor(
  ctx: AppContext,
  user: UserRow,
  session: { sessionId: string; refreshToken: string },
  actorUserId: number | null,
): Promise<TokenSet> {
  const access = await signAccessToken(
    { userId: user.id, sessionId: session.sessionId, actorUserId },
    ctx.tokenSecret,
    ctx.config.accessTokenTtlSeconds,
    ctx.clock.now().getTime(),
  );
  return presentTokenSet(user, ctx.config.region, access, session.refreshToken);
}
