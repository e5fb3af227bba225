/**
 * The old-style recovery link (§2 recovery-link landing, §7 recovery authentication): the
 * emailed reset token with its user's identity signs that user in, once, from a browser with no
 * session; anything else is the §8 expired message.
 */
import { RECOVERY_LINK_EXPIRED, type TokenSet } from '@paddock/domain';
import { desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboundEmails, siteMembers, users } from '../../src/db/schema.ts';
import { TEST_PASSWORD } from '../helpers/farm.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { hashPassword } from '../../src/auth/passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MINUTE = 60 * 1000;
let serial = 0;
const nextAddress = () => `10.9.0.${(serial++ % 200) + 1}`;

function post(url: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
    remoteAddress: nextAddress(),
  });
}

/** A monitor of site a, signed in once so the test knows the identity the console would hold. */
async function addUser(options: { member?: boolean } = {}) {
  const login = `recovery${++serial}@auth.test`;
  const [user] = await t.db
    .insert(users)
    .values({
      login,
      firstName: 'Mere',
      lastName: 'Tester',
      passwordHash: await hashPassword(TEST_PASSWORD),
    })
    .returning();
  if (!user) throw new Error('user not inserted');
  await t.db.insert(siteMembers).values({
    userId: user.id,
    siteId: t.farm.sites.a.id,
    privileges: ['view'],
    signupStatus: 'completed',
  });
  const signedIn = await post('/api/user/login', {
    user: login,
    password: TEST_PASSWORD,
    region: t.config.region,
  });
  expect(signedIn.statusCode).toBe(200);
  const { identityId, identityPoolId, loginId } = signedIn.json() as TokenSet;
  if (options.member === false) {
    await t.db.delete(siteMembers).where(eq(siteMembers.userId, user.id));
  }
  return { id: user.id, login, identity: { identityId, identityPoolId, loginId } };
}

/** The token of the reset email the forgot-password call sends, once it has gone (after the answer). */
async function emailedToken(login: string): Promise<string> {
  const begun = await post('/api/login/reset-password/begin', { email: login, legacy: false });
  expect(begun.statusCode).toBe(204);
  const lastEmail = async () => {
    const [email] = await t.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.to, login))
      .orderBy(desc(outboundEmails.id))
      .limit(1);
    if (!email) throw new Error('no reset link emailed');
    return email;
  };
  // A hang guard, not a measure of speed.
  const email = await vi.waitFor(lastEmail, { timeout: 60_000 });
  const match = /[?&]token=([A-Za-z0-9_-]+)/.exec(email.text);
  if (!match?.[1]) throw new Error('no reset link in the email');
  return match[1];
}

const recover = (body: unknown) => post('/api/login/recovery', body);

async function tokenWorks(token: string): Promise<boolean> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/user/privileges',
    headers: { authorization: `Bearer ${token}` },
  });
  return response.statusCode === 200;
}

describe('POST /api/login/recovery', () => {
  it('signs the link’s user in once; the session changes the password', async () => {
    const user = await addUser();
    const token = await emailedToken(user.login);
    const response = await recover({ token, ...user.identity });
    expect(response.statusCode).toBe(200);
    const session = response.json() as TokenSet;
    expect(session).toMatchObject(user.identity);
    expect(await tokenWorks(session.token)).toBe(true);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: { authorization: `Bearer ${session.token}` },
      payload: { password: 'Kumara&Feijoa9' },
    });
    expect(changed.statusCode).toBe(204);

    // Single use, like the reset page's link.
    const again = await recover({ token, ...user.identity });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(RECOVERY_LINK_EXPIRED);
  });

  it('the login of the link is read without regard to case', async () => {
    const user = await addUser();
    const token = await emailedToken(user.login);
    const loginId = user.identity.loginId.toUpperCase();
    expect((await recover({ token, ...user.identity, loginId })).statusCode).toBe(200);
  });

  it('401 with the §8 expired message once the link is older than an hour', async () => {
    const user = await addUser();
    const token = await emailedToken(user.login);
    t.clock.advance(60 * MINUTE + 1000);
    const response = await recover({ token, ...user.identity });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(RECOVERY_LINK_EXPIRED);
  });

  it.each([
    ['identityId', 'someone-else'],
    ['loginId', 'someone@else.test'],
    ['identityPoolId', 'elsewhere:paddock'],
  ] as const)(
    'a link whose %s is another identity is expired, and leaves the token to its owner',
    async (key, value) => {
      const user = await addUser();
      const token = await emailedToken(user.login);
      const foreign = await recover({ token, ...user.identity, [key]: value });
      expect(foreign.statusCode).toBe(401);
      expect(foreign.json().message).toBe(RECOVERY_LINK_EXPIRED);
      expect((await recover({ token, ...user.identity })).statusCode).toBe(200);
    },
  );

  it('an unknown token is expired', async () => {
    const user = await addUser();
    const response = await recover({ token: 'made-up-token', ...user.identity });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(RECOVERY_LINK_EXPIRED);
  });

  it('403 when the account is on no site', async () => {
    const user = await addUser({ member: false });
    const token = await emailedToken(user.login);
    expect((await recover({ token, ...user.identity })).statusCode).toBe(403);
  });

  it.each([
    ['token', { identityId: 'u', loginId: 'a@b.test', identityPoolId: 'p' }],
    ['identityId', { token: 't', loginId: 'a@b.test', identityPoolId: 'p' }],
    ['loginId', { token: 't', identityId: 'u', loginId: '', identityPoolId: 'p' }],
    ['identityPoolId', { token: 't', identityId: 'u', loginId: 'a@b.test' }],
  ])('400 naming %s', async (field, body) => {
    const response = await recover(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
  });
});
