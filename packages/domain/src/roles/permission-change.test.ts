import { describe, expect, it } from 'vitest';
import type { Privilege, Role } from '../entities/vocabulary.ts';
import {
  applyChange,
  areaRoleChange,
  assignableAreaRoles,
  assignableRoles,
  canRemoveMember,
  invitableRoles,
  roleChangeFor,
  roleChangeRefusal,
} from './permission-change.ts';
import { effectiveRole, ROLES } from './roles.ts';

const held: Record<Role | 'none', readonly Privilege[]> = {
  admin: ROLES.admin.actions,
  manage: ROLES.manage.actions,
  monitor: ROLES.monitor.actions,
  none: [],
};

describe('roleChangeFor: the PUT permissions change that sets a role', () => {
  it.each<[keyof typeof held, Role]>([
    ['monitor', 'manage'],
    ['monitor', 'admin'],
    ['manage', 'monitor'],
    ['admin', 'monitor'],
    ['admin', 'manage'],
    ['manage', 'admin'],
    ['none', 'monitor'],
    ['none', 'manage'],
  ])('%s → %s leaves the member with exactly that effective role', (from, to) => {
    const change = roleChangeFor(held[from], to);
    expect(change).not.toBeNull();
    if (!change) return;
    expect(effectiveRole(applyChange(held[from], change.actions, change.allowed))).toBe(to);
  });

  it('keeps staff actions outside the role table', () => {
    const change = roleChangeFor([...ROLES.manage.actions, 'loginAs'], 'monitor');
    expect(change).toEqual({
      actions: ['program', 'control', 'edit', 'viewUsers'],
      allowed: false,
    });
  });

  it('is null when the role is already the effective one', () => {
    expect(roleChangeFor(held.manage, 'manage')).toBeNull();
  });
});

describe('§5 the roles the form offers are the changes the rule allows', () => {
  it.each<[keyof typeof held, keyof typeof held, Role[]]>([
    ['admin', 'monitor', ['manage']],
    ['admin', 'manage', ['monitor']],
    ['admin', 'admin', []],
    ['admin', 'none', ['manage', 'monitor']],
    ['manage', 'monitor', []],
    ['manage', 'none', ['monitor']],
    ['manage', 'manage', []],
    ['manage', 'admin', []],
    ['monitor', 'monitor', []],
    ['monitor', 'none', []],
  ])('%s actor, %s member → %j', (actor, member, roles) => {
    expect(assignableRoles(held[actor], held[member])).toEqual(roles);
  });

  it('names the reason the server gives', () => {
    expect(roleChangeRefusal(held.manage, held.monitor, 'admin')?.reason).toMatch(/below your own/);
  });
});

describe('§5 invitation roles: manage or monitor, below the actor’s own', () => {
  it.each<[keyof typeof held, Role[]]>([
    ['admin', ['manage', 'monitor']],
    ['manage', ['monitor']],
    ['monitor', []],
    ['none', []],
  ])('%s → %j', (actor, roles) => {
    expect(invitableRoles(held[actor])).toEqual(roles);
  });
});

describe('removing a member: deleteUsers and a role below the actor’s own', () => {
  it.each<[keyof typeof held, keyof typeof held, boolean]>([
    ['admin', 'monitor', true],
    ['admin', 'manage', true],
    ['admin', 'none', true],
    ['admin', 'admin', false],
    ['manage', 'monitor', false],
  ])('%s removes %s: %s', (actor, member, expected) => {
    expect(canRemoveMember(held[actor], held[member])).toBe(expected);
  });
});

describe('per-area roles add to the site role', () => {
  it.each<[keyof typeof held, keyof typeof held, keyof typeof held, (Role | null)[]]>([
    ['admin', 'monitor', 'none', ['manage']],
    ['admin', 'monitor', 'manage', [null]],
    ['admin', 'manage', 'none', []],
    ['admin', 'none', 'none', ['manage', 'monitor']],
    ['manage', 'monitor', 'none', []],
    ['manage', 'none', 'none', ['monitor']],
  ])('%s actor, %s on the site, %s on the area → %j', (actor, site, area, roles) => {
    expect(assignableAreaRoles(held[actor], held[site], held[area])).toEqual(roles);
  });

  it('raising a monitor to manage in an area grants manage there; resetting revokes it', () => {
    const raise = areaRoleChange(held.monitor, [], 'manage');
    expect(raise).toEqual({ actions: ['edit', 'viewUsers', 'program', 'control'], allowed: true });
    expect(areaRoleChange(held.monitor, ['edit', 'program'], null)).toEqual({
      actions: ['edit', 'program'],
      allowed: false,
    });
    expect(areaRoleChange(held.monitor, [], null)).toBeNull();
  });
});
