/**
 * The emails the server writes: plain text, one function per message, each returning what
 * `mailer.send` takes. Links are built by the caller (they carry a single-use token); the
 * `*Link` helpers below build them the way the console's public routes read them (spec §2).
 */
import type { Email } from './mailer.ts';

const SIGNATURE = '— The Paddock team';

function greeting(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? `Hello ${trimmed},` : 'Hello,';
}

/** An invitation to a site (POST users): the link opens the console's sign-up page. */
export function invitationEmail(input: {
  to: string;
  name: string;
  siteLabel: string;
  link: string;
}): Email {
  return {
    to: input.to,
    subject: `You are invited to ${input.siteLabel} on Paddock`,
    text: [
      greeting(input.name),
      '',
      `You have been invited to ${input.siteLabel} on Paddock, the console for irrigation, frost protection and field telemetry.`,
      '',
      'To accept, choose your password here:',
      input.link,
      '',
      'The link works once and expires in 14 days. If it has expired, ask your site administrator for a new invitation.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/** Password reset (POST login/reset-password/begin): the link opens the resetPassword page. */
export function resetPasswordEmail(input: { to: string; name: string; link: string }): Email {
  return {
    to: input.to,
    subject: 'Reset your Paddock password',
    text: [
      greeting(input.name),
      '',
      'Someone, hopefully you, asked to reset the password of your Paddock account. To choose a new password, open:',
      input.link,
      '',
      'The link works once and expires in 1 hour. If you did not ask for this, ignore this email: your password stays as it is.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

function withQuery(base: string, route: string, query: Record<string, string | undefined>) {
  const url = new URL(`${base.replace(/\/$/, '')}/${route}`);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString();
}

/** What an account link (§2 reset password, account activation) carries in its query. */
type AccountLinkInput = { token: string; siteId?: number | null; legacy?: boolean };

function accountLink(publicUrl: string, route: string, input: AccountLinkInput): string {
  return withQuery(publicUrl, route, {
    token: input.token,
    siteId: input.siteId ? String(input.siteId) : undefined,
    legacy: input.legacy ? 'true' : undefined,
  });
}

/** §2 Reset password route: query token, siteId, legacy. */
export function resetPasswordLink(publicUrl: string, input: AccountLinkInput): string {
  return accountLink(publicUrl, 'resetPassword', input);
}

/**
 * §2 Invitation sign-up route: query token, identityId, identityPoolId, fullName, email, siteId.
 * The page prefills the form from these; the server trusts only the token.
 */
export function signUpLink(
  publicUrl: string,
  input: {
    token: string;
    identityId: string;
    identityPoolId: string;
    fullName: string;
    email: string;
    siteId: number;
  },
): string {
  return withQuery(publicUrl, 'signup', {
    token: input.token,
    identityId: input.identityId,
    identityPoolId: input.identityPoolId,
    fullName: input.fullName,
    email: input.email,
    siteId: String(input.siteId),
  });
}
