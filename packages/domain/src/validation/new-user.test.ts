import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles/roles.ts';
import {
  EMAIL_NOT_VALID,
  FIRST_NAME_REQUIRED,
  LAST_NAME_REQUIRED,
  LOCALE_INVALID,
  ROLE_NOT_GRANTABLE,
  ROLE_REQUIRED,
  SITE_INVALID,
} from './messages.ts';
import { validateCreateUser } from './new-user.ts';
import type { CreateUserForm } from './new-user.ts';
import type { Privilege } from '../entities/vocabulary.ts';

const form: CreateUserForm = {
  siteId: 12,
  firstName: ' Ana ',
  lastName: ' Ruiz ',
  locale: 'en-NZ',
  email: ' ana@paddock.nz ',
  roles: ['monitor'],
};
const admin = ROLES.admin.actions;
const manager = ROLES.manage.actions;

describe('§5 new user: fields and roles give the POST users payload', () => {
  it.each<[string, CreateUserForm, readonly string[]]>([
    ['admin invites a monitor', form, ROLES.monitor.actions],
    ['admin invites a manager', { ...form, roles: ['manage'] }, ROLES.manage.actions],
    [
      'manage and monitor ticked: manage’s actions are sent',
      { ...form, roles: ['monitor', 'manage'] },
      ROLES.manage.actions,
    ],
  ])('%s', (_label, input, privileges) => {
    expect(validateCreateUser(input, admin)).toEqual({
      ok: true,
      value: {
        siteId: 12,
        firstName: 'Ana',
        lastName: 'Ruiz',
        locale: 'en-NZ',
        email: 'ana@paddock.nz',
        privileges,
      },
    });
  });

  it('a manager invites a monitor', () => {
    expect(validateCreateUser(form, manager).ok).toBe(true);
  });

  it.each<[string, Partial<CreateUserForm>, readonly Privilege[], Record<string, string>]>([
    ['no role', { roles: [] }, admin, { roles: ROLE_REQUIRED }],
    ['admin alone is not manage or monitor', { roles: ['admin'] }, admin, { roles: ROLE_REQUIRED }],
    [
      'admin is never grantable',
      { roles: ['admin', 'manage'] },
      admin,
      { roles: ROLE_NOT_GRANTABLE },
    ],
    [
      'a manager cannot grant manage',
      { roles: ['manage'] },
      manager,
      { roles: ROLE_NOT_GRANTABLE },
    ],
    [
      'a monitor cannot grant monitor',
      { roles: ['monitor'] },
      ROLES.monitor.actions,
      { roles: ROLE_NOT_GRANTABLE },
    ],
    ['first name required', { firstName: '  ' }, admin, { firstName: FIRST_NAME_REQUIRED }],
    ['last name required', { lastName: '' }, admin, { lastName: LAST_NAME_REQUIRED }],
    ['email valid', { email: 'ana@' }, admin, { email: EMAIL_NOT_VALID }],
    ['locale required', { locale: '' }, admin, { locale: LOCALE_INVALID }],
    ['locale a language tag', { locale: 'english' }, admin, { locale: LOCALE_INVALID }],
    ['site id positive', { siteId: 0 }, admin, { siteId: SITE_INVALID }],
    ['site id integer', { siteId: 1.5 }, admin, { siteId: SITE_INVALID }],
  ])('%s', (_label, change, actor, errors) => {
    expect(validateCreateUser({ ...form, ...change }, actor)).toEqual({ ok: false, errors });
  });

  it.each(['en', 'de', 'en-AU', 'de-DE'])('locale %s is accepted', (locale) => {
    expect(validateCreateUser({ ...form, locale }, admin).ok).toBe(true);
  });
});
