import { describe, expect, it } from 'vitest';
import type { CountryCode } from '../entities/vocabulary.ts';
import {
  CONTACT_EMAIL_FEEDBACK,
  CONTACT_MOBILE_FEEDBACK,
  CONTACT_NAME_FEEDBACK,
  CONTACT_PHONE_FEEDBACK,
} from './messages.ts';
import { normaliseContactNotifications, normalisePhone, validateProfile } from './profile.ts';
import type { PhoneKind, ProfileForm } from './profile.ts';

const blank: ProfileForm = { name: 'Ana Ruiz', email: '', company: '', voice: '', sms: '' };

describe('§5/§9 phones: valid numbers limited to NZ and AU; sms a mobile', () => {
  it.each<[string, string, PhoneKind, CountryCode, string | null]>([
    ['NZ mobile, national', '021 123 4567', 'sms', 'nz', '+64211234567'],
    ['NZ mobile, international', '+64 21 123 4567', 'sms', 'nz', '+64211234567'],
    ['NZ mobile as voice', '021 123 4567', 'voice', 'nz', '+64211234567'],
    ['NZ landline as voice', '+64 9 379 0000', 'voice', 'nz', '+6493790000'],
    ['NZ landline, national', '09 379 0000', 'voice', 'nz', '+6493790000'],
    ['NZ landline rejected as sms', '+64 9 379 0000', 'sms', 'nz', null],
    ['AU mobile, national in an AU site', '0412 345 678', 'sms', 'au', '+61412345678'],
    ['AU mobile, international in an NZ site', '+61 412 345 678', 'sms', 'nz', '+61412345678'],
    ['AU landline as voice', '+61 2 9374 4000', 'voice', 'nz', '+61293744000'],
    ['AU landline, national in an AU site', '02 9374 4000', 'voice', 'au', '+61293744000'],
    ['AU landline rejected as sms', '+61 2 9374 4000', 'sms', 'au', null],
    ['AU national mobile read as NZ is not valid', '0412 345 678', 'sms', 'nz', null],
    ['UK number rejected', '+44 20 7946 0958', 'voice', 'nz', null],
    ['US number rejected', '+1 202 555 0143', 'sms', 'au', null],
    ['too short', '021', 'voice', 'nz', null],
    ['letters', 'call me', 'voice', 'nz', null],
    ['surrounding spaces ignored', '  021 123 4567  ', 'sms', 'nz', '+64211234567'],
  ])('%s: %j as %s (%s) → %s', (_label, text, kind, country, expected) => {
    expect(normalisePhone(text, kind, country)).toBe(expected);
  });

  it('national numbers default to NZ', () => {
    expect(normalisePhone('021 123 4567', 'sms')).toBe('+64211234567');
  });
});

describe('§5 profile', () => {
  it('name only is enough; company is free; everything trimmed', () => {
    expect(validateProfile({ ...blank, name: '  Ana  ', company: '  Orchard & Co ' })).toEqual({
      ok: true,
      value: { name: 'Ana', email: '', company: 'Orchard & Co', voice: '', sms: '' },
    });
  });

  it('saves phones in E.164 and the email trimmed', () => {
    expect(
      validateProfile({
        name: 'Ana',
        email: ' ana@paddock.nz ',
        company: '',
        voice: '+64 9 379 0000',
        sms: '021 123 4567',
      }),
    ).toEqual({
      ok: true,
      value: {
        name: 'Ana',
        email: 'ana@paddock.nz',
        company: '',
        voice: '+6493790000',
        sms: '+64211234567',
      },
    });
  });

  it('reads national numbers in the given site country', () => {
    const result = validateProfile({ ...blank, sms: '0412 345 678' }, { defaultCountry: 'au' });
    expect(result.ok && result.value.sms).toBe('+61412345678');
  });

  it.each<[string, Partial<ProfileForm>, Record<string, string>]>([
    ['name required', { name: '' }, { name: CONTACT_NAME_FEEDBACK }],
    ['name not blank after trim', { name: '   ' }, { name: 'Contact.NameFeedback' }],
    ['email standard pattern', { email: 'ana@' }, { email: 'Contact.EmailFeedback' }],
    ['voice NZ/AU only', { voice: '+44 20 7946 0958' }, { voice: 'Contact.PhoneFeedback' }],
    ['sms must be a mobile', { sms: '+64 9 379 0000' }, { sms: 'Contact.MobileFeedback' }],
    ['sms NZ/AU only', { sms: '+44 7700 900123' }, { sms: CONTACT_MOBILE_FEEDBACK }],
    [
      'every field at once',
      { name: ' ', email: 'x', voice: '123', sms: '123' },
      {
        name: CONTACT_NAME_FEEDBACK,
        email: CONTACT_EMAIL_FEEDBACK,
        voice: CONTACT_PHONE_FEEDBACK,
        sms: CONTACT_MOBILE_FEEDBACK,
      },
    ],
  ])('%s', (_label, change, errors) => {
    expect(validateProfile({ ...blank, ...change })).toEqual({ ok: false, errors });
  });

  it.each<[Partial<ProfileForm>]>([[{ email: '   ' }], [{ voice: ' ' }], [{ sms: '' }]])(
    'blank optional field %j is fine',
    (change) => {
      expect(validateProfile({ ...blank, ...change }).ok).toBe(true);
    },
  );
});

describe('§5 contact addresses trimmed; on update notifications with empty addresses are dropped', () => {
  it('trims, drops empties and keeps the other fields', () => {
    const notifications = [
      {
        id: 1,
        method: 'email' as const,
        address: ' ana@paddock.nz ',
        afterhours: true,
        active: true,
      },
      { id: 2, method: 'sms' as const, address: '   ', afterhours: false, active: true },
      { method: 'voice' as const, address: '', afterhours: false, active: false },
      { method: 'sms' as const, address: '+64211234567', afterhours: false, active: false },
    ];
    expect(normaliseContactNotifications(notifications)).toEqual([
      { id: 1, method: 'email', address: 'ana@paddock.nz', afterhours: true, active: true },
      { method: 'sms', address: '+64211234567', afterhours: false, active: false },
    ]);
    expect(notifications[0]?.address).toBe(' ana@paddock.nz ');
  });

  it('empty list stays empty', () => {
    expect(normaliseContactNotifications([])).toEqual([]);
  });
});
