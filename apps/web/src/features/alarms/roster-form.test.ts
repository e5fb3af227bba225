import type { Contact, Roster } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { moveStep, rosterChoices, rosterProblems } from './roster-form.ts';

const contact = (id: number, notifications: Contact['notifications']): Contact => ({
  id,
  site: 1,
  name: `Contact ${id}`,
  company: null,
  locale: 'en-NZ',
  login: null,
  notifications,
});
const contacts = [
  contact(1, [
    { id: 10, method: 'sms', address: '+64211234567', afterhours: true, active: true },
    { id: 11, method: 'email', address: 'a@example.com', afterhours: false, active: true },
  ]),
  contact(2, [
    { id: 12, method: 'voice', address: '+6493001234', afterhours: false, active: false },
  ]),
];
const roster = (steps: Roster['steps']): Roster => ({ steps, repeat: 1, repeatMinutes: 30 });

describe('the escalation roster editor', () => {
  it('offers each contact the methods of its active notifications', () => {
    expect([...rosterChoices(contacts)]).toEqual([[1, ['email', 'sms']]]);
  });

  it('names the steps the server would refuse', () => {
    expect(
      rosterProblems(
        roster([
          { contact: 1, method: 'sms', waitMinutes: 5 },
          { contact: 2, method: 'voice', waitMinutes: 5 },
          { contact: 3, method: 'email', waitMinutes: 0 },
        ]),
        contacts,
      ),
    ).toEqual({ 1: 'Alarms.Roster.NoMethod', 2: 'Alarms.Roster.NoContact' });
  });

  it('moves a step, and leaves the ends alone', () => {
    const steps = roster([
      { contact: 1, method: 'sms', waitMinutes: 5 },
      { contact: 1, method: 'email', waitMinutes: 10 },
    ]);
    expect(moveStep(steps, 1, -1).steps.map((step) => step.method)).toEqual(['email', 'sms']);
    expect(moveStep(steps, 0, -1)).toBe(steps);
    expect(moveStep(steps, 1, 1)).toBe(steps);
  });
});
