/**
 * The roster editor's rules (ours): which methods each contact can be reached by (its active
 * notifications, which is what the server accepts), what is wrong with a step, and moving steps.
 */
import type { Contact, ContactMethod, Roster } from '@paddock/domain';

/** Each contact with at least one active notification, and its methods in §3 order. */
export function rosterChoices(contacts: readonly Contact[]): Map<number, ContactMethod[]> {
  const order: readonly ContactMethod[] = ['email', 'sms', 'voice'];
  const choices = new Map<number, ContactMethod[]>();
  for (const contact of contacts) {
    const methods = order.filter((method) =>
      contact.notifications.some(
        (notification) => notification.method === method && notification.active,
      ),
    );
    if (methods.length > 0) choices.set(contact.id, methods);
  }
  return choices;
}

/** Step index → message key, for steps the server would refuse (422). */
export function rosterProblems(
  roster: Roster,
  contacts: readonly Contact[],
): Record<number, string> {
  const choices = rosterChoices(contacts);
  const problems: Record<number, string> = {};
  roster.steps.forEach((step, index) => {
    if (!contacts.some((contact) => contact.id === step.contact)) {
      problems[index] = 'Alarms.Roster.NoContact';
    } else if (!(choices.get(step.contact) ?? []).includes(step.method)) {
      problems[index] = 'Alarms.Roster.NoMethod';
    }
  });
  return problems;
}

/** The roster with step `index` moved up (-1) or down (+1); unchanged at either end. */
export function moveStep(roster: Roster, index: number, by: -1 | 1): Roster {
  const target = index + by;
  if (target < 0 || target >= roster.steps.length) return roster;
  const steps = [...roster.steps];
  const [step] = steps.splice(index, 1);
  if (step) steps.splice(target, 0, step);
  return { ...roster, steps };
}
