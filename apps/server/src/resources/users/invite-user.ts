/**
 * POST users (§7): invites a new user to a site, or adds an existing user to it. Follows the §5
 * role rules: at least manage or monitor, exactly one role's actions, and only roles below the
 * actor's own precedence. The user, the membership, the invitation token and the audit row are
 * written in one transaction; the email goes once that has committed.
 */
import {
  heldRoles,
  refuse,
  ROLE_NOT_GRANTABLE,
  ROLE_REQUIRED,
  validateCreateUser,
  type CreateUserPayload,
  type Privilege,
} from '@paddock/domain';
import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { issueInvitation, sendInvitation } from './invitation.ts';
import {
  findMember,
  findUserByLogin,
  insertAuditEntry,
  insertMember,
  insertUser,
} from './users.repository.ts';
import type { AuditActor } from './audit-actor.ts';
import { siteLabelOf } from '../../sites/site.repository.ts';

export type InvitationContext = { db: Database; config: ServerConfig; mailer: Mailer };

/**
 * The privileges a new member gets, checked with the domain's §5 rules against the actor's own
 * list on the site. A list that is not one role's actions is refused rather than trimmed, so
 * nobody hands out actions (loginAs, internal) outside the role table by adding them here.
 */
function checkNewMemberPrivileges(payload: CreateUserPayload, actor: Privilege[]): Privilege[] {
  const roles = heldRoles(payload.privileges);
  const result = validateCreateUser({ ...payload, roles }, actor);
  if (!result.ok) {
    const { roles: roleError, ...fieldErrors } = result.errors;
    const [field, reason] = Object.entries(fieldErrors)[0] ?? [];
    if (field && reason) throw refuse.invalid(field, reason);
    if (roleError === ROLE_NOT_GRANTABLE) throw refuse.forbidden(ROLE_NOT_GRANTABLE);
    throw refuse.invalid('privileges', roleError ?? ROLE_REQUIRED);
  }
  const granted = result.value.privileges;
  if (payload.privileges.some((action) => !granted.includes(action))) {
    throw refuse.invalid(
      'privileges',
      "Send exactly the actions of one role (§5: the highest role's)",
    );
  }
  return granted;
}

/** PostgreSQL's unique_violation, whether the driver error arrives bare or wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e instanceof Error || (typeof e === 'object' && e !== null);) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The invited (created) or added user's id; `created` is false for an existing user. */
export async function inviteUser(
  ctx: InvitationContext,
  input: {
    payload: CreateUserPayload;
    /** The actor's privileges on the payload's site. */
    actorPrivileges: Privilege[];
    actor: AuditActor;
  },
  now: Date,
): Promise<{ userId: number; created: boolean }> {
  const { db } = ctx;
  const { payload, actor } = input;
  const privileges = checkNewMemberPrivileges(payload, input.actorPrivileges);
  const login = payload.email.trim().toLowerCase();
  const label = (await siteLabelOf(db, payload.siteId)) ?? '';

  const existing = await findUserByLogin(db, login);
  if (existing && (await findMember(db, existing.id, payload.siteId))) {
    throw refuse.conflict(`${login} is already a user of ${label}`);
  }

  const outcome = await db
    .transaction(async (tx) => {
      // A concurrent call may create the same login or membership between the checks above and
      // these inserts: the unique indexes refuse it, and that is the same 409.
      const user =
        existing ??
        (await insertUser(tx, {
          login,
          firstName: payload.firstName,
          lastName: payload.lastName,
          locale: payload.locale,
          now,
        }));
      // An account that already signed in needs no sign-up for another site.
      const invite = user.passwordHash === null;
      await insertMember(tx, {
        userId: user.id,
        siteId: payload.siteId,
        privileges,
        signupStatus: invite ? 'sent' : 'completed',
        now,
      });
      const token = invite
        ? await issueInvitation(tx, { user, siteId: payload.siteId, now })
        : null;
      await insertAuditEntry(tx, {
        actorUserId: actor.actorUserId,
        action: existing ? 'users.add-to-site' : 'users.invite',
        targetUserId: user.id,
        siteId: payload.siteId,
        detail: { privileges, invited: invite, onBehalfOf: actor.onBehalfOf },
        createdAt: now,
      });
      return { user, token };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw refuse.conflict(`${login} is already a user of ${label}`);
      throw error;
    });

  if (outcome.token) {
    await sendInvitation(ctx, {
      user: outcome.user,
      site: { id: payload.siteId, label },
      token: outcome.token,
    });
  }
  return { userId: outcome.user.id, created: !existing };
}
