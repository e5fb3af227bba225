/**
 * The users and permissions actions called without HTTP, as a worker job would: they write the
 * same rows as the calls and refuse with the domain's refusals, never with a reply.
 */
import { isRefusal, ROLES, type Privilege } from '@paddock/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActorOf } from '../../src/resources/users/audit-actor.ts';
import { inviteUser } from '../../src/resources/users/invite-user.ts';
import { resendInvitation } from '../../src/resources/users/resend-invitation.ts';
import { updatePermissions } from '../../src/resources/permissions/update-permissions.ts';
import * as t from '../../src/db/schema.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
const monitor = [...ROLES.monitor.actions] as Privilege[];
const admin = [...ROLES.admin.actions] as Privilege[];

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** The refusal an action threw: its kind and message. */
async function refusalOf(action: Promise<unknown>) {
  const error: unknown = await action.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!isRefusal(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { kind: error.kind, message: error.message };
}

const ctx = () => ({ db: app.db, config: app.config, mailer: app.app.ctx.mailer });
const asAdmin = () => auditActorOf({ userId: app.farm.users.admin.id, actorUserId: null });

describe('inviteUser', () => {
  const payload = (overrides: Record<string, unknown> = {}) => ({
    siteId: app.farm.sites.a.id,
    firstName: 'Wren',
    lastName: 'Worker',
    locale: 'en-NZ',
    email: 'wren@farm.test',
    privileges: monitor,
    ...overrides,
  });

  it('creates the user and the membership, with the audit row of the actor', async () => {
    const { db, farm, clock } = app;
    const { userId, created } = await inviteUser(
      ctx(),
      { payload: payload(), actorPrivileges: admin, actor: asAdmin() },
      clock.now(),
    );
    expect(created).toBe(true);
    const [member] = await db
      .select()
      .from(t.siteMembers)
      .where(and(eq(t.siteMembers.userId, userId), eq(t.siteMembers.siteId, farm.sites.a.id)));
    expect(member).toMatchObject({ privileges: ['view'], signupStatus: 'sent' });
    const [audit] = await db.select().from(t.auditLog).where(eq(t.auditLog.targetUserId, userId));
    expect(audit).toMatchObject({ actorUserId: farm.users.admin.id, action: 'users.invite' });
  });

  it('refuses a user already on the site as a conflict', async () => {
    const refusal = await refusalOf(
      inviteUser(
        ctx(),
        {
          payload: payload({ email: 'manager@farm.test' }),
          actorPrivileges: admin,
          actor: asAdmin(),
        },
        app.clock.now(),
      ),
    );
    expect(refusal).toEqual({
      kind: 'conflict',
      message: 'manager@farm.test is already a user of Bridge Pa Vineyard',
    });
  });

  it("refuses a role not below the actor's own as forbidden", async () => {
    const refusal = await refusalOf(
      inviteUser(
        ctx(),
        {
          payload: payload({ email: 'ava@farm.test', privileges: admin }),
          actorPrivileges: admin,
          actor: asAdmin(),
        },
        app.clock.now(),
      ),
    );
    expect(refusal.kind).toBe('forbidden');
  });
});

describe('resendInvitation', () => {
  it('refuses a user who is not on the site as not found', async () => {
    const refusal = await refusalOf(
      resendInvitation(
        ctx(),
        { userId: app.farm.users.outsider.id, siteId: app.farm.sites.a.id, actor: asAdmin() },
        app.clock.now(),
      ),
    );
    expect(refusal).toEqual({ kind: 'notFound', message: 'User not found' });
  });

  it('refuses a member who has signed up as a conflict', async () => {
    const refusal = await refusalOf(
      resendInvitation(
        ctx(),
        { userId: app.farm.users.monitor.id, siteId: app.farm.sites.a.id, actor: asAdmin() },
        app.clock.now(),
      ),
    );
    expect(refusal).toEqual({
      kind: 'conflict',
      message: 'This user has already completed sign-up',
    });
  });
});

describe('updatePermissions', () => {
  const grant = (ownerId: number, actions: Privilege[]) => ({
    privilege: {
      actions,
      target: { type: 'site' as const, ids: [app.farm.sites.a.id] },
      allowed: true,
    },
    owners: [{ id: ownerId, type: 'user' as const }],
  });

  it("grants through the actor's privileges on each site", async () => {
    const { db, farm, clock } = app;
    await updatePermissions(
      db,
      {
        body: grant(farm.users.nobody.id, ['view']),
        userId: farm.users.admin.id,
        privilegesOn: async () => admin,
        actor: asAdmin(),
      },
      clock.now(),
    );
    const [member] = await db
      .select()
      .from(t.siteMembers)
      .where(
        and(
          eq(t.siteMembers.userId, farm.users.nobody.id),
          eq(t.siteMembers.siteId, farm.sites.a.id),
        ),
      );
    expect(member?.privileges).toEqual(['view']);
  });

  it("refuses the actor's own list as forbidden, before asking for any site", async () => {
    let asked = 0;
    const refusal = await refusalOf(
      updatePermissions(
        app.db,
        {
          body: grant(app.farm.users.admin.id, ['view']),
          userId: app.farm.users.admin.id,
          privilegesOn: async () => {
            asked += 1;
            return admin;
          },
          actor: asAdmin(),
        },
        app.clock.now(),
      ),
    );
    expect(refusal).toEqual({
      kind: 'forbidden',
      message: 'You cannot change your own permissions',
    });
    expect(asked).toBe(0);
  });
});
