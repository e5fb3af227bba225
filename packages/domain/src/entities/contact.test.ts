import { describe, expect, it } from 'vitest';
import { buildContact } from '../testing/factories.ts';
import {
  contactCreateBodySchema,
  contactNotificationSchema,
  contactSchema,
  contactTestBodySchema,
  contactTestStartedSchema,
  contactTestStatusSchema,
  contactUpdateBodySchema,
} from './contact.ts';

describe('§3 contact notifications', () => {
  it.each([
    [
      {
        id: 701,
        method: 'email',
        address: 'aroha@teawa.example.nz',
        afterhours: false,
        active: true,
      },
      true,
    ],
    [{ method: 'voice', address: '+61398765432', afterhours: true, active: true }, true],
    [{ method: 'sms', address: '', afterhours: false, active: false }, true],
    [{ method: 'fax', address: '+6468701234', afterhours: false, active: true }, false],
    [{ method: 'sms', address: '+64211234567', active: true }, false],
    [{ id: 0, method: 'sms', address: '+64211234567', afterhours: false, active: true }, false],
  ])('%j is accepted: %s', (value, ok) => {
    expect(contactNotificationSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§3 contact', () => {
  it.each([
    ['an NZ contact with email and sms', buildContact()],
    [
      'an AU contact without login or company',
      buildContact({
        id: 702,
        name: 'Jack Morrison',
        company: null,
        locale: 'en-AU',
        login: null,
        notifications: [],
      }),
    ],
  ])('accepts %s', (_why, contact) => {
    expect(contactSchema.parse(contact)).toEqual(contact);
  });

  it.each([
    ['an empty name', { name: '' }],
    ['no site', { site: undefined }],
    ['no notifications list', { notifications: undefined }],
  ])('refuses %s', (_why, overrides) => {
    expect(contactSchema.safeParse({ ...buildContact(), ...overrides }).success).toBe(false);
  });
});

describe('§7 contact calls', () => {
  const { notifications } = buildContact();

  it.each([
    ['POST contacts', { site: 1, name: 'Aroha Ngata', notifications }, true],
    [
      'with company and locale',
      { site: 1, name: 'Aroha Ngata', company: 'Te Awa', locale: 'en-NZ', notifications },
      true,
    ],
    ['no site', { name: 'Aroha Ngata', notifications }, false],
    ['no name', { site: 1, notifications }, false],
  ])('create: %s is accepted: %s', (_why, body, ok) => {
    expect(contactCreateBodySchema.safeParse(body).success).toBe(ok);
  });

  it.each([
    [
      'PUT contacts/{id} with the four fields',
      { name: 'Aroha', company: 'Te Awa', site: 1, notifications },
      true,
    ],
    [
      'plus locale and id',
      { name: 'Aroha', company: null, site: 1, notifications, locale: 'en-NZ', id: 700 },
      true,
    ],
    ['missing company', { name: 'Aroha', site: 1, notifications }, false],
    ['missing notifications', { name: 'Aroha', company: '', site: 1 }, false],
    ['an empty name', { name: '', company: '', site: 1, notifications }, false],
  ])('update: %s is accepted: %s', (_why, body, ok) => {
    expect(contactUpdateBodySchema.safeParse(body).success).toBe(ok);
  });

  it.each([
    [{ notification: 701, area: 10 }, true],
    [{ notification: 701 }, false],
    [{ area: 10 }, false],
  ])('POST contacts/{id}/test %j is accepted: %s', (body, ok) => {
    expect(contactTestBodySchema.safeParse(body).success).toBe(ok);
  });

  it('the test answers with the id to poll', () => {
    expect(contactTestStartedSchema.parse({ id: 31 })).toEqual({ id: 31 });
  });

  it.each([
    [{ status: 'new' }, true],
    [{ status: 'inProgress' }, true],
    [{ status: 'done' }, true],
    [{ status: 'failed' }, true],
    [{ status: 'finished' }, false],
    [{}, false],
  ])('§4 test status %j is accepted: %s', (value, ok) => {
    expect(contactTestStatusSchema.safeParse(value).success).toBe(ok);
  });
});
