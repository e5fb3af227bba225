import { describe, expect, it } from 'vitest';
import type { Privilege, Role } from '../entities/vocabulary.ts';
import { ROLE_REQUIRED } from '../validation/messages.ts';
import { canChangeRole, canGrantRole, newUserPrivileges } from './grants.ts';
import { ROLES } from './roles.ts';

const actor: Record<Role | 'none', readonly Privilege[]> = {
  admin: ROLES.admin.actions,
  manage: ROLES.manage.actions,
  monitor: ROLES.monitor.actions,
  none: ['loginAs'],
};

describe('§5 a role may be granted only if below the acting user’s own precedence', () => {
  it.each<[keyof typeof actor, Role, boolean]>([
    ['admin', 'admin', false],
    ['admin', 'manage', true],
    ['admin', 'monitor', true],
    ['manage', 'admin', false],
    ['manage', 'manage', false],
    ['manage', 'monitor', true],
    ['monitor', 'admin', false],
    ['monitor', 'manage', false],
    ['monitor', 'monitor', false],
    ['none', 'monitor', false],
  ])('%s actor grants %s: %s', (who, role, expected) => {
    expect(canGrantRole(actor[who], role)).toBe(expected);
  });
});

describe('§5 precedence-2 role cannot be changed when the actor has the same precedence', () => {
  it.each<[keyof typeof actor, Role | null, Role, boolean]>([
    ['monitor', 'monitor', 'monitor', false],
    ['monitor', 'monitor', 'manage', false],
    ['monitor', 'monitor', 'admin', false],
    ['monitor', null, 'monitor', false],
    ['manage', 'monitor', 'monitor', true],
    ['manage', 'monitor', 'manage', false],
    ['admin', 'monitor', 'manage', true],
    ['admin', 'manage', 'monitor', true],
    ['admin', 'manage', 'admin', false],
    ['manage', null, 'monitor', true],
    ['none', 'monitor', 'monitor', false],
  ])('%s actor changes %s → %s: %s', (who, current, next, expected) => {
    expect(canChangeRole(actor[who], current, next)).toBe(expected);
  });
});

describe('§5 new user needs at least one role of manage or monitor; highest role’s actions sent', () => {
  it.each<[Role[], readonly Privilege[]]>([
    [['monitor'], ROLES.monitor.actions],
    [['manage'], ROLES.manage.actions],
    [['monitor', 'manage'], ROLES.manage.actions],
    [['manage', 'monitor'], ROLES.manage.actions],
    [['monitor', 'admin'], ROLES.admin.actions],
  ])('%j sends the actions of the highest', (roles, actions) => {
    expect(newUserPrivileges(roles)).toEqual({ ok: true, value: [...actions] });
  });

  it.each<[Role[]]>([[[]], [['admin']]])('%j is refused', (roles) => {
    expect(newUserPrivileges(roles)).toEqual({ ok: false, errors: { roles: ROLE_REQUIRED } });
  });

  it('the sent list is a copy, not the role table itself', () => {
    const result = newUserPrivileges(['monitor']);
    expect(result.ok && result.value).not.toBe(ROLES.monitor.actions);
  });
});
