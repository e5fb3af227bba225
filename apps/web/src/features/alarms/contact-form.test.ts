import type { Contact } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import {
  contactCreateOf,
  contactUpdateOf,
  validateContactForm,
  type ContactForm,
} from './contact-form.ts';

const form = (notifications: ContactForm['notifications'], name = 'Aroha Ngata'): ContactForm => ({
  name,
  company: '  Te Awa  ',
  notifications,
});
const email = (address: string) => ({
  method: 'email' as const,
  address,
  afterhours: false,
  active: true,
});

describe('the site contact form (§5)', () => {
  it('trims, writes phones in E.164 and drops notifications left without an address', () => {
    const result = validateContactForm(
      form([
        email(' aroha@example.com '),
        { method: 'sms', address: '021 123 4567', afterhours: true, active: true },
        { method: 'voice', address: '   ', afterhours: false, active: true },
      ]),
      'nz',
    );
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Aroha Ngata',
        company: 'Te Awa',
        notifications: [
          email('aroha@example.com'),
          { method: 'sms', address: '+64211234567', afterhours: true, active: true },
        ],
      },
    });
  });

  it.each<[string, ContactForm, string, string]>([
    ['a blank name', form([], ' '), 'name', 'Contact.NameFeedback'],
    ['a bad email', form([email('aroha@')]), 'notifications.0', 'Contact.EmailFeedback'],
    [
      'a landline for sms',
      form([{ method: 'sms', address: '09 300 1234', afterhours: false, active: true }]),
      'notifications.0',
      'Contact.MobileFeedback',
    ],
    [
      'a number outside NZ and AU',
      form([{ method: 'voice', address: '+1 212 555 0100', afterhours: false, active: true }]),
      'notifications.0',
      'Contact.PhoneFeedback',
    ],
  ])('refuses %s', (_, input, field, message) => {
    const result = validateContactForm(input, 'nz');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toBe(message);
  });

  it('reads national numbers in the site’s country', () => {
    const result = validateContactForm(
      form([{ method: 'voice', address: '02 9374 4000', afterhours: false, active: true }]),
      'au',
    );
    expect(result.ok && result.value.notifications[0]?.address).toBe('+61293744000');
  });

  it('builds the create and update bodies, an empty company as null', () => {
    const value = { name: 'Sam', company: '', notifications: [email('sam@example.com')] };
    expect(contactCreateOf(3, value)).toEqual({
      site: 3,
      name: 'Sam',
      company: null,
      notifications: [email('sam@example.com')],
    });
    const contact: Contact = {
      id: 9,
      site: 3,
      name: 'Old',
      company: 'X',
      locale: 'en-NZ',
      login: null,
      notifications: [],
    };
    expect(contactUpdateOf(contact, value)).toEqual({
      id: 9,
      site: 3,
      locale: 'en-NZ',
      name: 'Sam',
      company: null,
      notifications: [email('sam@example.com')],
    });
  });
});
