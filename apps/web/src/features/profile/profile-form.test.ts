import type { Contact } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { contactUpdateOf, profileFormOf } from './profile-form.ts';

const contact: Contact = {
  id: 7,
  site: 1,
  name: 'Aroha Ngata',
  company: null,
  locale: 'en-NZ',
  login: 'admin@demo.paddock.example',
  notifications: [
    { id: 1, method: 'email', address: 'aroha@example.com', afterhours: false, active: true },
    { id: 2, method: 'sms', address: '+64215550142', afterhours: true, active: true },
    { id: 3, method: 'email', address: 'second@example.com', afterhours: false, active: false },
  ],
};

describe('§5 My Profile over a contact', () => {
  it('reads the first address of each method', () => {
    expect(profileFormOf(contact)).toEqual({
      name: 'Aroha Ngata',
      email: 'aroha@example.com',
      company: '',
      voice: '',
      sms: '+64215550142',
    });
  });

  it('replaces, adds and drops addresses; keeps other notifications', () => {
    const body = contactUpdateOf(contact, {
      name: 'Aroha N',
      email: '',
      company: 'Te Awa',
      voice: '+6468700000',
      sms: '+64211234567',
    });
    expect(body).toEqual({
      id: 7,
      name: 'Aroha N',
      company: 'Te Awa',
      site: 1,
      locale: 'en-NZ',
      notifications: [
        { id: 2, method: 'sms', address: '+64211234567', afterhours: true, active: true },
        { id: 3, method: 'email', address: 'second@example.com', afterhours: false, active: false },
        { method: 'voice', address: '+6468700000', afterhours: false, active: true },
      ],
    });
  });

  it('sends an empty company as null', () => {
    expect(contactUpdateOf(contact, { ...profileFormOf(contact), company: '' }).company).toBeNull();
  });
});
