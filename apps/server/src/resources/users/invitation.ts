/**
 * Inviting a user to a site: a single-use invitation token, and the email whose link opens the
 * console's sign-up page with the query §2 names (token, identityId, identityPoolId, fullName,
 * email, siteId).
 */
import { personName } from '@paddock/domain';
import { issueAccountToken } from '../../auth/account-tokens.ts';
import type { ServerConfig } from '../../config.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { invitationEmail, signUpLink } from '../../mail/templates.ts';
import type { Queryable } from '../../db/client.ts';
import { identityPoolIdFor } from '../auth/auth.presenter.ts';

export type Invitee = {
  id: number;
  uid: string;
  login: string;
  firstName: string;
  lastName: string;
};

/** Issues the token inside the caller's transaction; the email goes once that has committed. */
export async function issueInvitation(
  db: Queryable,
  input: { user: Invitee; siteId: number; now: Date },
): Promise<string> {
  return issueAccountToken(db, {
    userId: input.user.id,
    purpose: 'invitation',
    siteId: input.siteId,
    now: input.now,
  });
}

export async function sendInvitation(
  ctx: { config: ServerConfig; mailer: Mailer },
  input: { user: Invitee; site: { id: number; label: string }; token: string },
): Promise<void> {
  const fullName = personName(input.user);
  const link = signUpLink(ctx.config.publicUrl, {
    token: input.token,
    identityId: input.user.uid,
    identityPoolId: identityPoolIdFor(ctx.config.region),
    fullName,
    email: input.user.login,
    siteId: input.site.id,
  });
  await ctx.mailer.send(
    invitationEmail({ to: input.user.login, name: fullName, siteLabel: input.site.label, link }),
  );
}
