import { describe, expect, it } from 'vitest';
import {
  permissionUpdateBodySchema,
  sitePrivilegesSchema,
  userPrivilegesSchema,
} from './privileges.ts';

describe('§3 §7 GET sites/{id}/privileges', () => {
  it.each([
    [
      {
        privileges: ['view', 'edit', 'viewUsers', 'program', 'control'],
        areas: { '10': ['view', 'program'] },
      },
      true,
    ],
    [{ privileges: ['view'], areas: {} }, true],
    [{ privileges: ['view'], areas: { ten: ['view'] } }, false],
    [{ privileges: ['view'], areas: { '0': ['view'] } }, false],
    [{ privileges: ['fly'], areas: {} }, false],
    [{ privileges: ['view'] }, false],
  ])('%j is accepted: %s', (value, ok) => {
    expect(sitePrivilegesSchema.safeParse(value).success).toBe(ok);
  });

  it('GET user/privileges is a user-level list (§6)', () => {
    expect(userPrivilegesSchema.safeParse({ privileges: ['loginAs', 'internal'] }).success).toBe(
      true,
    );
  });
});

describe('§7 PUT permissions', () => {
  const body = {
    privilege: {
      actions: ['view', 'edit', 'viewUsers', 'program', 'control'],
      target: { type: 'site', ids: [1] },
      allowed: true,
    },
    owners: [{ id: 801, type: 'user' }],
  };

  it('accepts granting the manage actions on a site to a user', () => {
    expect(permissionUpdateBodySchema.parse(body)).toEqual(body);
  });

  it('accepts an area target (ours: the spec names the site target only)', () => {
    const area = { ...body, privilege: { ...body.privilege, target: { type: 'area', ids: [10] } } };
    expect(permissionUpdateBodySchema.parse(area)).toEqual(area);
  });

  it.each([
    [
      'a target of another kind',
      { ...body, privilege: { ...body.privilege, target: { type: 'zone', ids: [10] } } },
    ],
    [
      'no site ids',
      { ...body, privilege: { ...body.privilege, target: { type: 'site', ids: [] } } },
    ],
    ['no actions', { ...body, privilege: { ...body.privilege, actions: [] } }],
    [
      'no allowed flag',
      { ...body, privilege: { actions: ['view'], target: { type: 'site', ids: [1] } } },
    ],
    ['a group owner', { ...body, owners: [{ id: 801, type: 'group' }] }],
    ['no owners', { ...body, owners: [] }],
  ])('refuses %s', (_why, value) => {
    expect(permissionUpdateBodySchema.safeParse(value).success).toBe(false);
  });
});
