import { describe, expect, it } from 'vitest';
import type { Privilege, Role } from '../entities/vocabulary.ts';
import {
  BOTTOM_ROLE,
  ROLES,
  ROLES_BY_PRECEDENCE,
  TOP_ROLE,
  canLoginAs,
  canViewUsers,
  effectiveRole,
  hasPrivilege,
  heldRoles,
  holdsRole,
  mustContactSupport,
  privilegesForArea,
  roleActions,
  rolePrecedence,
} from './roles.ts';

const MONITOR: Privilege[] = ['view'];
const MANAGE: Privilege[] = ['view', 'edit', 'viewUsers', 'program', 'control'];
/** What admin holds beyond manage: the user administration actions. */
const USER_ADMIN: Privilege[] = ['createUsers', 'updateUsers', 'deleteUsers', 'addPermissions'];
const ADMIN: Privilege[] = [...MANAGE, ...USER_ADMIN];

describe('§6 role table', () => {
  it.each<[Role, number, Privilege[]]>([
    ['admin', 0, ADMIN],
    ['manage', 1, MANAGE],
    ['monitor', 2, MONITOR],
  ])('%s has precedence %i and exactly its listed actions', (role, precedence, actions) => {
    expect(rolePrecedence(role)).toBe(precedence);
    expect(roleActions(role)).toEqual(actions);
    expect(ROLES[role]).toEqual({ precedence, actions });
  });

  it('orders roles most privileged first; admin is top, monitor bottom', () => {
    expect(ROLES_BY_PRECEDENCE).toEqual(['admin', 'manage', 'monitor']);
    expect(TOP_ROLE).toBe('admin');
    expect(BOTTOM_ROLE).toBe('monitor');
  });
});

describe('§6 a role is held when all its actions are present', () => {
  it.each<[string, Privilege[], Role, boolean]>([
    ['all admin actions', ADMIN, 'admin', true],
    [
      'admin actions but addPermissions',
      ADMIN.filter((a) => a !== 'addPermissions'),
      'admin',
      false,
    ],
    ['all manage actions', MANAGE, 'manage', true],
    ['manage without control', ['view', 'edit', 'viewUsers', 'program'], 'manage', false],
    ['manage plus extras', [...MANAGE, 'loginAs', 'install'], 'manage', true],
    ['view only', MONITOR, 'monitor', true],
    ['nothing', [], 'monitor', false],
    ['the admin privilege word alone', ['admin'], 'admin', false],
  ])('%s → holds %s: %s', (_label, privileges, role, expected) => {
    expect(holdsRole(privileges, role)).toBe(expected);
  });

  it.each<[string, Privilege[], Role[]]>([
    ['admin actions hold every role', ADMIN, ['admin', 'manage', 'monitor']],
    ['manage actions hold manage and monitor', MANAGE, ['manage', 'monitor']],
    ['view holds monitor', MONITOR, ['monitor']],
    ['edit without view holds none', ['edit'], []],
  ])('heldRoles: %s', (_label, privileges, roles) => {
    expect(heldRoles(privileges)).toEqual(roles);
  });
});

describe('§6 effective role: lowest precedence number among those held', () => {
  it.each<[string, Privilege[], Role | null]>([
    ['admin actions', ADMIN, 'admin'],
    ['manage actions', MANAGE, 'manage'],
    ['manage actions plus createUsers only', [...MANAGE, 'createUsers'], 'manage'],
    ['view', MONITOR, 'monitor'],
    ['view, loginAs, internal', ['view', 'loginAs', 'internal'], 'monitor'],
    ['no view', ['edit', 'program', 'control'], null],
    ['empty', [], null],
  ])('%s → %s', (_label, privileges, role) => {
    expect(effectiveRole(privileges)).toBe(role);
  });
});

describe('§6 other privileges', () => {
  it.each<[Privilege[], boolean]>([
    [['loginAs'], true],
    [[...ADMIN], false],
    [[], false],
  ])('loginAs enables Switch User: %j → %s', (privileges, expected) => {
    expect(canLoginAs(privileges)).toBe(expected);
  });

  it.each<[Privilege[], boolean]>([
    [MANAGE, true],
    [['viewUsers'], true],
    [MONITOR, false],
  ])('viewUsers enables the Users link: %j → %s', (privileges, expected) => {
    expect(canViewUsers(privileges)).toBe(expected);
  });

  it.each<[Privilege[], Privilege, boolean]>([
    [['install'], 'install', true],
    [['internal'], 'install', false],
  ])('hasPrivilege(%j, %s) → %s', (privileges, action, expected) => {
    expect(hasPrivilege(privileges, action)).toBe(expected);
  });
});

describe('§6 contact support: required ⊇ held and the difference includes a top-role action', () => {
  it.each<[string, Privilege[], Privilege[], boolean]>([
    ['monitor on a user-admin screen', ['view', 'createUsers'], ['view'], true],
    ['manager missing addPermissions', [...MANAGE, 'addPermissions'], MANAGE, true],
    ['monitor missing edit (edit is an admin action too)', ['view', 'edit'], ['view'], true],
    ['nothing held, view required', ['view'], [], true],
    ['required equals held: nothing missing', MANAGE, MANAGE, false],
    ['difference only outside every role', ['view', 'loginAs'], ['view'], false],
    ['difference only install and internal', ['view', 'install', 'internal'], ['view'], false],
    [
      'user holds something not required: not a superset',
      ['view', 'createUsers'],
      ['view', 'loginAs'],
      false,
    ],
    ['user holds more than required', ['view'], MANAGE, false],
    ['nothing required, nothing held', [], [], false],
  ])('%s → %s', (_label, required, held, expected) => {
    expect(mustContactSupport(required, held)).toBe(expected);
  });
});

describe('§6 site-level, per-area and user-level privilege lists', () => {
  const site = {
    privileges: ['view', 'loginAs'] as Privilege[],
    areas: { '7': ['edit', 'program', 'view'] as Privilege[], '8': [] as Privilege[] },
  };

  it.each<[string, number | string | null, Privilege[], Privilege[]]>([
    ['area with its own list adds to the site list', 7, [], ['program', 'loginAs', 'edit', 'view']],
    ['string area id works the same', '7', [], ['program', 'loginAs', 'edit', 'view']],
    ['area with an empty list keeps the site list', 8, [], ['loginAs', 'view']],
    ['unknown area keeps the site list', 99, [], ['loginAs', 'view']],
    ['no area keeps the site list', null, [], ['loginAs', 'view']],
    ['user-level list is merged too', 8, ['internal', 'view'], ['loginAs', 'internal', 'view']],
  ])('%s', (_label, areaId, user, expected) => {
    expect(privilegesForArea(site, areaId, user)).toEqual(expected);
  });

  it('an area list with manage actions makes the effective role manage there', () => {
    const merged = privilegesForArea(
      { privileges: ['view'], areas: { '3': ['edit', 'viewUsers', 'program', 'control'] } },
      3,
    );
    expect(effectiveRole(merged)).toBe('manage');
  });
});
