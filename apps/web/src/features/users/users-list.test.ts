import { ROLES, type Privilege, type User } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { canResend, userName, userRole, visibleUsers } from './users-list.ts';

function user(id: number, overrides: Partial<User> & { name?: string } = {}): User {
  const { name, ...rest } = overrides;
  return {
    id,
    uid: `uid-${id}`,
    login: `user${id}@farm.test`,
    contact: name
      ? {
          id,
          site: 1,
          name,
          company: '',
          locale: 'en',
          login: `user${id}@farm.test`,
          notifications: [],
        }
      : null,
    privileges: [...ROLES.monitor.actions] as Privilege[],
    site: 1,
    stats: {
      activeAlarms: 0,
      subscribedAlarms: 0,
      signupStatus: 'completed',
      lastLogin: null,
      created: '2026-01-01T00:00:00.000Z',
    },
    ...rest,
  } as User;
}

describe('the Users list', () => {
  const ann = user(1, { name: 'Ann Admin', privileges: [...ROLES.admin.actions] });
  const bob = user(2, {
    name: 'Bob Manager',
    privileges: [...ROLES.manage.actions],
    stats: { ...user(2).stats, lastLogin: '2026-11-20T00:00:00.000Z', activeAlarms: 2 },
  });
  const cat = user(3, { stats: { ...user(3).stats, signupStatus: 'sent' } });
  const all = [cat, bob, ann];

  it('names a user by their contact, else their login', () => {
    expect(userName(ann)).toBe('Ann Admin');
    expect(userName(cat)).toBe('user3@farm.test');
  });

  it('reads the effective role (§6)', () => {
    expect([userRole(ann), userRole(bob), userRole(cat)]).toEqual(['admin', 'manage', 'monitor']);
    expect(userRole(user(4, { privileges: [] }))).toBeNull();
  });

  it.each([
    ['name', ['Ann Admin', 'Bob Manager', 'user3@farm.test']],
    ['role', ['Ann Admin', 'Bob Manager', 'user3@farm.test']],
    ['signup', ['user3@farm.test', 'Ann Admin', 'Bob Manager']],
    ['lastLogin', ['Bob Manager', 'Ann Admin', 'user3@farm.test']],
    ['alarms', ['Bob Manager', 'Ann Admin', 'user3@farm.test']],
  ] as const)('sorts by %s', (sort, names) => {
    expect(visibleUsers(all, '', sort).map(userName)).toEqual(names);
  });

  it('searches names and logins, ignoring case', () => {
    expect(visibleUsers(all, 'BOB', 'name').map((u) => u.id)).toEqual([2]);
    expect(visibleUsers(all, 'user3@', 'name').map((u) => u.id)).toEqual([3]);
    expect(visibleUsers(all, 'nobody', 'name')).toEqual([]);
  });

  it('offers resend only before sign-up', () => {
    expect(canResend(cat)).toBe(true);
    expect(canResend(ann)).toBe(false);
    expect(canResend(user(5, { stats: { ...user(5).stats, signupStatus: 'revoked' } }))).toBe(
      false,
    );
  });
});
