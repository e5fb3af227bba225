/**
 * A site's users (§7): GET sites/{siteId}/users, POST users (invite, or add an existing user to
 * another site) and POST users/{userId}/resend-activation-email. Inviting follows the §5 role
 * rules: at least manage or monitor, exactly one role's actions, and only roles below the
 * caller's own precedence.
 */
import {
  createUserPayloadSchema,
  heldRoles,
  idParamValueSchema,
  resendActivationBodySchema,
  ROLE_NOT_GRANTABLE,
  ROLE_REQUIRED,
  userSchema,
  validateCreateUser,
  type CreateUserPayload,
  type Privilege,
} from '@paddock/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLog, siteMembers, users } from '../../db/schema.ts';
import { authOf } from '../../http/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { areaPrivileges } from '../../permissions/access.ts';
import { requireKnownSite } from '../sites/site-access.ts';
import { issueInvitation, sendInvitation } from './invitation.ts';
import {
  expireInvitations,
  findMember,
  findUserById,
  findUserByLogin,
  siteLabel,
  siteUsers,
} from './users.repository.ts';

const siteIdParamSchema = z.object({ siteId: idParamValueSchema });
const userIdParamSchema = z.object({ userId: idParamValueSchema });
const userCreatedSchema = z.object({ user: userSchema });
const noContent = z.null().describe('No content');
const security = [{ bearer: [] }];

/**
 * The privileges a new member gets, checked with the domain's §5 rules against the caller's own
 * list on the site. A list that is not one role's actions is refused rather than trimmed, so
 * nobody hands out actions (loginAs, internal) outside the role table by adding them here.
 */
function checkNewMemberPrivileges(payload: CreateUserPayload, actor: Privilege[]): Privilege[] {
  const roles = heldRoles(payload.privileges);
  const result = validateCreateUser({ ...payload, roles }, actor);
  if (!result.ok) {
    const { roles: roleError, ...fieldErrors } = result.errors;
    const [field, reason] = Object.entries(fieldErrors)[0] ?? [];
    if (field && reason) throw badRequest(field, reason);
    if (roleError === ROLE_NOT_GRANTABLE) throw forbidden(ROLE_NOT_GRANTABLE);
    throw badRequest('privileges', roleError ?? ROLE_REQUIRED);
  }
  const granted = result.value.privileges;
  if (payload.privileges.some((action) => !granted.includes(action))) {
    throw badRequest('privileges', "Send exactly the actions of one role (§5: the highest role's)");
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

/** Who to write in the audit log: the staff member when acting as someone (login/as). */
function auditActor(request: FastifyRequest) {
  const auth = authOf(request);
  return {
    actorUserId: auth.actorUserId ?? auth.userId,
    onBehalfOf: auth.actorUserId === null ? undefined : auth.userId,
  };
}

export async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db, clock } = ctx;

  app.get(
    '/sites/:siteId/users',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: "The site's users with their privileges there, contact and stats",
        description: 'Needs viewUsers on the site.',
        security,
        params: siteIdParamSchema,
        response: { 200: z.array(userSchema) },
      },
    },
    async (request) => {
      const { siteId } = request.params;
      await requireKnownSite(db, request, siteId, 'viewUsers');
      return siteUsers(db, siteId);
    },
  );

  app.post(
    '/users',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Invite a user to a site, or add an existing user to it',
        description:
          'Needs createUsers on siteId. 201 {user}: a new user, invited by email. 200 {user}: the ' +
          'email belongs to an existing user, now added to this site (invited again if they never ' +
          'signed up). 409: already a user of this site. 403: a role not below your own (§5).',
        security,
        body: createUserPayloadSchema,
        response: { 200: userCreatedSchema, 201: userCreatedSchema },
      },
    },
    async (request, reply) => {
      const payload = request.body;
      const access = await requireKnownSite(db, request, payload.siteId, 'createUsers');
      const privileges = checkNewMemberPrivileges(payload, areaPrivileges(access, null));
      const login = payload.email.trim().toLowerCase();
      const label = (await siteLabel(db, payload.siteId)) ?? '';
      const now = clock.now();
      const { actorUserId, onBehalfOf } = auditActor(request);

      const existing = await findUserByLogin(db, login);
      if (existing && (await findMember(db, existing.id, payload.siteId))) {
        throw conflict(`${login} is already a user of ${label}`);
      }

      const outcome = await db
        .transaction(async (tx) => {
          // A concurrent call may create the same login or membership between the checks above and
          // these inserts: the unique indexes refuse it, and that is the same 409.
          const user =
            existing ??
            (
              await tx
                .insert(users)
                .values({
                  login,
                  firstName: payload.firstName,
                  lastName: payload.lastName,
                  locale: payload.locale,
                  createdAt: now,
                })
                .returning()
            )[0];
          if (!user) throw new Error('user insert returned nothing');
          // An account that already signed in needs no sign-up for another site.
          const invite = user.passwordHash === null;
          await tx.insert(siteMembers).values({
            userId: user.id,
            siteId: payload.siteId,
            privileges,
            signupStatus: invite ? 'sent' : 'completed',
            createdAt: now,
          });
          const token = invite
            ? await issueInvitation(tx, { user, siteId: payload.siteId, now })
            : null;
          await tx.insert(auditLog).values({
            actorUserId,
            action: existing ? 'users.add-to-site' : 'users.invite',
            targetUserId: user.id,
            siteId: payload.siteId,
            detail: { privileges, invited: invite, onBehalfOf },
            createdAt: now,
          });
          return { user, token };
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict(`${login} is already a user of ${label}`);
          throw error;
        });

      if (outcome.token) {
        await sendInvitation(ctx, {
          user: outcome.user,
          site: { id: payload.siteId, label },
          token: outcome.token,
        });
      }
      const [user] = await siteUsers(db, payload.siteId, [outcome.user.id]);
      return reply.code(existing ? 200 : 201).send({ user: user as NonNullable<typeof user> });
    },
  );

  app.post(
    '/users/:userId/resend-activation-email',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Send a new invitation link to a user who has not signed up yet',
        description:
          'Needs createUsers on siteId. Earlier links stop working. 404: not a user of this ' +
          'site. 409: sign-up already completed, or the invitation was revoked.',
        security,
        params: userIdParamSchema,
        body: resendActivationBodySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      const { siteId } = request.body;
      await requireKnownSite(db, request, siteId, 'createUsers');
      const member = await findMember(db, userId, siteId);
      const user = member ? await findUserById(db, userId) : null;
      if (!member || !user) throw notFound('User');
      if (user.passwordHash !== null || member.signupStatus === 'completed') {
        throw conflict('This user has already completed sign-up');
      }
      if (member.signupStatus === 'revoked') throw conflict("This user's invitation was revoked");

      const label = (await siteLabel(db, siteId)) ?? '';
      const now = clock.now();
      const { actorUserId, onBehalfOf } = auditActor(request);
      const token = await db.transaction(async (tx) => {
        await expireInvitations(tx, { userId, siteId, now });
        await tx
          .update(siteMembers)
          .set({ signupStatus: 'resent' })
          .where(and(eq(siteMembers.userId, userId), eq(siteMembers.siteId, siteId)));
        await tx.insert(auditLog).values({
          actorUserId,
          action: 'users.resend-invitation',
          targetUserId: userId,
          siteId,
          detail: { onBehalfOf },
          createdAt: now,
        });
        return issueInvitation(tx, { user, siteId, now });
      });
      await sendInvitation(ctx, { user, site: { id: siteId, label }, token });
      return reply.code(204).send(null);
    },
  );
}
