import {
  ROLE_NOT_GRANTABLE,
  ROLE_REQUIRED,
  ROLES,
  userSchema,
  type Privilege,
} from '@paddock/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peekAccountToken } from '../../src/auth/account-tokens.ts';
import * as t from '../../src/db/schema.ts';
import { addSiteMember } from '../helpers/farm.ts';
import { itRefusesANonNumericId } from '../helpers/refusals.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
const manage = [...ROLES.manage.actions] as Privilege[];
const monitor = [...ROLES.monitor.actions] as Privilege[];
const admin = [...ROLES.admin.actions] as Privilege[];

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** A user who is a member of site a with the given list, for the role-precedence cases. */
const memberOfSiteA = (login: string, privileges: Privilege[]) =>
  addSiteMember(app.db, app.farm.sites.a.id, login, privileges);

const userCount = async () => (await app.db.select().from(t.users)).length;
const memberCount = async () => (await app.db.select().from(t.siteMembers)).length;
const emails = async () =>
  app.db.select().from(t.outboundEmails).orderBy(desc(t.outboundEmails.id));

describe('GET /api/sites/{siteId}/users', () => {
  it("lists the site's users by login with privileges, contact and stats", async () => {
    const { db, farm } = app;
    await db.insert(t.alarms).values([
      {
        areaId: farm.areas.irrigation.id,
        siteId: farm.sites.a.id,
        active: true,
        rule: {} as never,
        notifications: [farm.notifications.emailA.id],
        label: 'Low moisture',
      },
      {
        areaId: farm.areas.irrigation.id,
        siteId: farm.sites.a.id,
        active: false,
        rule: {} as never,
        notifications: [farm.notifications.smsA.id],
        label: 'Frost',
      },
    ]);
    const response = await app.as(farm.users.admin.id, {
      method: 'GET',
      url: `/api/sites/${farm.sites.a.id}/users`,
    });
    expect(response.statusCode).toBe(200);
    const list = userSchema.array().parse(response.json());
    expect(list.map((user) => user.login)).toEqual([
      'admin@farm.test',
      'manager@farm.test',
      'monitor@farm.test',
      'nobody@farm.test',
      'staff@farm.test',
    ]);
    const manager = list.find((user) => user.id === farm.users.manager.id);
    expect(manager).toEqual({
      id: farm.users.manager.id,
      uid: farm.users.manager.uid,
      login: 'manager@farm.test',
      contact: {
        id: farm.contacts.a.id,
        site: farm.sites.a.id,
        name: 'Max Tester',
        company: 'Bridge Pa Vineyard',
        locale: 'en-NZ',
        login: 'manager@farm.test',
        notifications: [
          {
            id: farm.notifications.emailA.id,
            method: 'email',
            address: 'manager@farm.test',
            afterhours: false,
            criticalAfterhours: false,
            active: true,
          },
          {
            id: farm.notifications.smsA.id,
            method: 'sms',
            address: '+64211234567',
            afterhours: true,
            criticalAfterhours: false,
            active: true,
          },
        ],
      },
      privileges: manage,
      areas: {},
      site: farm.sites.a.id,
      stats: {
        activeAlarms: 1,
        subscribedAlarms: 2,
        signupStatus: 'completed',
        lastLogin: null,
        created: farm.users.manager.createdAt.toISOString(),
      },
    });
    const monitorUser = list.find((user) => user.id === farm.users.monitor.id);
    expect(monitorUser?.contact).toBeNull();
    expect(monitorUser?.stats.subscribedAlarms).toBe(0);
  });

  it('a manager (viewUsers) may list them too', async () => {
    const response = await app.as(app.farm.users.manager.id, {
      method: 'GET',
      url: `/api/sites/${app.farm.sites.a.id}/users`,
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a monitor (no viewUsers)', () => app.farm.users.monitor.id],
    ['an outsider', () => app.farm.users.outsider.id],
  ])('403 for %s', async (_label, who) => {
    const response = await app.as(who(), {
      method: 'GET',
      url: `/api/sites/${app.farm.sites.a.id}/users`,
    });
    expect(response.statusCode).toBe(403);
  });

  it('404 for an unknown site', async () => {
    const response = await app.as(app.farm.users.admin.id, {
      method: 'GET',
      url: '/api/sites/999999/users',
    });
    expect(response.statusCode).toBe(404);
  });

  itRefusesANonNumericId(
    () => app,
    () => ({ method: 'GET', url: '/api/sites/abc/users' }),
    { field: 'siteId' },
  );

  it('401 without a token', async () => {
    const response = await app.app.inject({
      method: 'GET',
      url: `/api/sites/${app.farm.sites.a.id}/users`,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/users', () => {
  const payload = (overrides: Record<string, unknown> = {}) => ({
    siteId: app.farm.sites.a.id,
    firstName: 'Nina',
    lastName: 'Newcomer',
    locale: 'en-NZ',
    email: 'nina@farm.test',
    privileges: monitor,
    ...overrides,
  });

  it('201: creates the user, the membership, an invitation token and the email', async () => {
    const { db, farm, config } = app;
    const response = await app.as(farm.users.admin.id, {
      method: 'POST',
      url: '/api/users',
      payload: payload({ email: 'Nina@Farm.test' }),
    });
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(userSchema.parse(user)).toMatchObject({
      login: 'nina@farm.test',
      contact: null,
      privileges: ['view'],
      site: farm.sites.a.id,
      stats: { activeAlarms: 0, subscribedAlarms: 0, signupStatus: 'sent', lastLogin: null },
    });

    const [row] = await db.select().from(t.users).where(eq(t.users.id, user.id));
    expect(row).toMatchObject({
      login: 'nina@farm.test',
      firstName: 'Nina',
      lastName: 'Newcomer',
      locale: 'en-NZ',
      passwordHash: null,
    });
    const [email] = await emails();
    expect(email).toMatchObject({ to: 'nina@farm.test' });
    expect(email?.subject).toContain('Bridge Pa Vineyard');
    const link = new URL(/https?:\/\/\S+/.exec(email?.text ?? '')?.[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${config.publicUrl}/signup`);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      token: expect.any(String),
      identityId: user.uid,
      identityPoolId: `${config.region}:paddock`,
      fullName: 'Nina Newcomer',
      email: 'nina@farm.test',
      siteId: String(farm.sites.a.id),
    });
    const token = await peekAccountToken(
      db,
      link.searchParams.get('token') ?? '',
      'invitation',
      app.clock.now(),
    );
    expect(token).toMatchObject({ userId: user.id, siteId: farm.sites.a.id });
    const [audit] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.targetUserId, user.id), eq(t.auditLog.action, 'users.invite')));
    expect(audit).toMatchObject({ actorUserId: farm.users.admin.id, siteId: farm.sites.a.id });
  });

  it('an admin may grant manage', async () => {
    const response = await app.as(app.farm.users.admin.id, {
      method: 'POST',
      url: '/api/users',
      payload: payload({ email: 'mia@farm.test', privileges: manage }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.privileges).toEqual(manage);
  });

  it('200: an existing user is added to the new site, without a new invitation', async () => {
    const { db, farm } = app;
    const before = (await emails()).length;
    const response = await app.as(farm.users.admin.id, {
      method: 'POST',
      url: '/api/users',
      payload: payload({ email: 'outsider@farm.test', firstName: 'Other', lastName: 'Name' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: farm.users.outsider.id,
      login: 'outsider@farm.test',
      privileges: ['view'],
      site: farm.sites.a.id,
      stats: { signupStatus: 'completed' },
    });
    const [row] = await db.select().from(t.users).where(eq(t.users.id, farm.users.outsider.id));
    expect(row?.firstName).toBe('Otto');
    expect((await emails()).length).toBe(before);
    // Put things back for the other tests: the outsider belongs to site b only.
    await db
      .delete(t.siteMembers)
      .where(
        and(
          eq(t.siteMembers.userId, farm.users.outsider.id),
          eq(t.siteMembers.siteId, farm.sites.a.id),
        ),
      );
  });

  it('200: a user who never signed up is invited to the new site as well', async () => {
    const { farm } = app;
    const response = await app.as(farm.users.admin.id, {
      method: 'POST',
      url: '/api/users',
      payload: payload({ siteId: farm.sites.b.id, email: 'nina@farm.test' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      login: 'nina@farm.test',
      site: farm.sites.b.id,
      stats: { signupStatus: 'sent' },
    });
    const [email] = await emails();
    expect(email?.to).toBe('nina@farm.test');
    expect(email?.subject).toContain('Mildura Orchard');
    expect(email?.text).toContain(`siteId=${farm.sites.b.id}`);
  });

  it('two simultaneous invitations of one email: one 201, one 409', async () => {
    const invite = () =>
      app.as(app.farm.users.admin.id, {
        method: 'POST',
        url: '/api/users',
        payload: payload({ email: 'twice@farm.test' }),
      });
    const statuses = (await Promise.all([invite(), invite()])).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([201, 409]);
    const rows = await app.db.select().from(t.users).where(eq(t.users.login, 'twice@farm.test'));
    expect(rows).toHaveLength(1);
  });

  it('409 when the user already belongs to the site, changing nothing', async () => {
    const [users, members, mails] = [
      await userCount(),
      await memberCount(),
      (await emails()).length,
    ];
    const response = await app.as(app.farm.users.admin.id, {
      method: 'POST',
      url: '/api/users',
      payload: payload({ email: 'MONITOR@farm.test' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      statusCode: 409,
      message: 'monitor@farm.test is already a user of Bridge Pa Vineyard',
    });
    expect([await userCount(), await memberCount(), (await emails()).length]).toEqual([
      users,
      members,
      mails,
    ]);
  });

  it.each([
    ['a bad email', { email: 'not-an-email' }, 'email'],
    ['a blank first name', { firstName: '  ' }, 'firstName'],
    ['no privileges', { privileges: [] }, 'privileges'],
    ['an unknown privilege', { privileges: ['fly'] }, 'privileges.0'],
    ['a locale that is no language tag', { locale: 'english' }, 'locale'],
    ['no role (§5: manage or monitor)', { privileges: ['edit'] }, 'privileges'],
    ['actions beyond the role', { privileges: [...monitor, 'loginAs'] }, 'privileges'],
    ['a missing siteId', { siteId: undefined }, 'siteId'],
  ])('400 with %s, creating nothing', async (_label, overrides, field) => {
    const [users, members] = [await userCount(), await memberCount()];
    const response = await app.as(app.farm.users.admin.id, {
      method: 'POST',
      url: '/api/users',
      payload: payload({ email: 'bad@farm.test', ...overrides }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, field });
    expect([await userCount(), await memberCount()]).toEqual([users, members]);
  });

  it('400 says which role rule failed', async () => {
    const response = await app.as(app.farm.users.admin.id, {
      method: 'POST',
      url: '/api/users',
      payload: payload({ email: 'bad@farm.test', privileges: ['edit'] }),
    });
    expect(response.json().reason).toBe(ROLE_REQUIRED);
  });

  it('403: nobody grants admin (§5: only roles below your own)', async () => {
    const users = await userCount();
    const response = await app.as(app.farm.users.admin.id, {
      method: 'POST',
      url: '/api/users',
      payload: payload({ email: 'boss@farm.test', privileges: admin }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ROLE_NOT_GRANTABLE);
    expect(await userCount()).toBe(users);
  });

  it('a manager who may create users grants monitor, not manage', async () => {
    const lead = await memberOfSiteA('lead@farm.test', [...manage, 'createUsers']);
    const refused = await app.as(lead.id, {
      method: 'POST',
      url: '/api/users',
      payload: payload({ email: 'peer@farm.test', privileges: manage }),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ROLE_NOT_GRANTABLE);
    const accepted = await app.as(lead.id, {
      method: 'POST',
      url: '/api/users',
      payload: payload({ email: 'helper@farm.test', privileges: monitor }),
    });
    expect(accepted.statusCode).toBe(201);
  });

  it.each([
    ['a manager (no createUsers)', () => app.farm.users.manager.id],
    ['a monitor', () => app.farm.users.monitor.id],
    ['an outsider', () => app.farm.users.outsider.id],
  ])('403 for %s, creating nothing', async (_label, who) => {
    const users = await userCount();
    const response = await app.as(who(), {
      method: 'POST',
      url: '/api/users',
      payload: payload({ email: 'stranger@farm.test' }),
    });
    expect(response.statusCode).toBe(403);
    expect(await userCount()).toBe(users);
  });

  it('404 for an unknown site', async () => {
    const response = await app.as(app.farm.users.admin.id, {
      method: 'POST',
      url: '/api/users',
      payload: payload({ siteId: 999999, email: 'stranger@farm.test' }),
    });
    expect(response.statusCode).toBe(404);
  });

  it('401 without a token', async () => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: payload(),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/users/{userId}/resend-activation-email', () => {
  let invitee: { id: number };
  const url = () => `/api/users/${invitee.id}/resend-activation-email`;
  const body = () => ({ siteId: app.farm.sites.a.id });
  const tokenOf = (text: string | undefined) =>
    new URL(/https?:\/\/\S+/.exec(text ?? '')?.[0] ?? 'http://x').searchParams.get('token') ?? '';

  beforeAll(async () => {
    const response = await app.as(app.farm.users.admin.id, {
      method: 'POST',
      url: '/api/users',
      payload: {
        siteId: app.farm.sites.a.id,
        firstName: 'Rita',
        lastName: 'Resend',
        locale: 'en-AU',
        email: 'rita@farm.test',
        privileges: monitor,
      },
    });
    invitee = response.json().user;
  });

  it('204: a new link replaces the old one and the status becomes resent', async () => {
    const { db, farm } = app;
    const [first] = await emails();
    const firstToken = tokenOf(first?.text);
    const response = await app.as(farm.users.admin.id, {
      method: 'POST',
      url: url(),
      payload: body(),
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const [second] = await emails();
    expect(second?.to).toBe('rita@farm.test');
    const secondToken = tokenOf(second?.text);
    expect(secondToken).not.toBe(firstToken);
    const now = app.clock.now();
    expect(await peekAccountToken(db, firstToken, 'invitation', now)).toBeNull();
    expect(await peekAccountToken(db, secondToken, 'invitation', now)).not.toBeNull();
    const [member] = await db
      .select()
      .from(t.siteMembers)
      .where(and(eq(t.siteMembers.userId, invitee.id), eq(t.siteMembers.siteId, farm.sites.a.id)));
    expect(member?.signupStatus).toBe('resent');
  });

  it('409 once sign-up is completed', async () => {
    const response = await app.as(app.farm.users.admin.id, {
      method: 'POST',
      url: `/api/users/${app.farm.users.monitor.id}/resend-activation-email`,
      payload: body(),
    });
    expect(response.statusCode).toBe(409);
  });

  it('409 for a revoked invitation', async () => {
    const revoked = await memberOfSiteA('revoked@farm.test', monitor);
    await app.db.update(t.users).set({ passwordHash: null }).where(eq(t.users.id, revoked.id));
    await app.db
      .update(t.siteMembers)
      .set({ signupStatus: 'revoked' })
      .where(eq(t.siteMembers.userId, revoked.id));
    const response = await app.as(app.farm.users.admin.id, {
      method: 'POST',
      url: `/api/users/${revoked.id}/resend-activation-email`,
      payload: body(),
    });
    expect(response.statusCode).toBe(409);
  });

  it.each([
    ['a user of another site only', () => app.farm.users.outsider.id],
    ['an unknown user', () => 999999],
  ])('404 for %s', async (_label, userId) => {
    const response = await app.as(app.farm.users.admin.id, {
      method: 'POST',
      url: `/api/users/${userId()}/resend-activation-email`,
      payload: body(),
    });
    expect(response.statusCode).toBe(404);
  });

  it('404 for an unknown site', async () => {
    const response = await app.as(app.farm.users.admin.id, {
      method: 'POST',
      url: url(),
      payload: { siteId: 999999 },
    });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['a missing siteId', {}, 'siteId'],
    ['a text siteId', { siteId: 'a' }, 'siteId'],
  ])('400 with %s', async (_label, payload, field) => {
    const response = await app.as(app.farm.users.admin.id, { method: 'POST', url: url(), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, location: 'body' });
  });

  itRefusesANonNumericId(
    () => app,
    () => ({ method: 'POST', url: '/api/users/x/resend-activation-email', payload: body() }),
    { field: 'userId' },
  );

  it.each([
    ['a manager (no createUsers)', () => app.farm.users.manager.id],
    ['an outsider', () => app.farm.users.outsider.id],
  ])('403 for %s, sending nothing', async (_label, who) => {
    const before = (await emails()).length;
    const response = await app.as(who(), { method: 'POST', url: url(), payload: body() });
    expect(response.statusCode).toBe(403);
    expect((await emails()).length).toBe(before);
  });

  it('401 without a token', async () => {
    const response = await app.app.inject({ method: 'POST', url: url(), payload: body() });
    expect(response.statusCode).toBe(401);
  });
});
