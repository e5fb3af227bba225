import { describe, expect, it } from 'vitest';
import type { ContactMethod } from '../entities/vocabulary.ts';
import { checkContact } from './contact.ts';

const notification = (method: ContactMethod, address: string) => ({
  method,
  address,
  afterhours: false,
  active: true,
});

describe('checkContact (§5)', () => {
  it('trims, writes phones in E.164, drops notifications left without an address', () => {
    const checked = checkContact(
      {
        name: '  Aroha Ngata ',
        company: '  ',
        notifications: [
          notification('email', ' aroha@example.com '),
          notification('voice', '   '),
          notification('sms', '021 123 4567'),
        ],
      },
      'nz',
    );
    expect(checked).toEqual({
      name: 'Aroha Ngata',
      nameProblem: null,
      company: null,
      notifications: [
        { index: 0, notification: notification('email', 'aroha@example.com'), problem: null },
        { index: 2, notification: notification('sms', '+64211234567'), problem: null },
      ],
    });
  });

  it.each<[string, ContactMethod, string, string | null]>([
    ['a bad email', 'email', 'aroha@', 'Contact.EmailFeedback'],
    ['a landline for sms', 'sms', '09 300 1234', 'Contact.MobileFeedback'],
    ['a landline for voice', 'voice', '09 300 1234', null],
    ['a number outside NZ and AU', 'voice', '+1 212 555 0100', 'Contact.PhoneFeedback'],
    ['a mobile outside NZ and AU', 'sms', '+1 212 555 0100', 'Contact.MobileFeedback'],
  ])('%s: %s %s → %s', (_, method, address, problem) => {
    const checked = checkContact(
      { name: 'Sam', notifications: [notification(method, address)] },
      'nz',
    );
    expect(checked.notifications[0]?.problem).toBe(problem);
  });

  it('refuses a blank name', () => {
    expect(checkContact({ name: ' ', notifications: [] }, 'nz').nameProblem).toBe(
      'Contact.NameFeedback',
    );
  });

  it('reads national numbers in the site’s country', () => {
    const checked = checkContact(
      { name: 'Sam', notifications: [notification('voice', '02 9374 4000')] },
      'au',
    );
    expect(checked.notifications[0]?.notification.address).toBe('+61293744000');
  });
});
