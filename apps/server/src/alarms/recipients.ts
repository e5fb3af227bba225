/**
 * Who an alarm's messages go to: the contact ways the alarm names itself, and for a raise the
 * site's roster, step by step, each way at the wait its escalation plan gives it.
 */
import { escalationPlan, rosterSchema, type NotificationKind } from '@paddock/domain';
import type { Database } from '../db/client.ts';
import type { AlarmContext } from './alarm.repository.ts';
import { contactWaysByIds, contactWaysOfContacts, findSiteRoster } from './recipient.repository.ts';

type Recipient = {
  notificationId: number;
  contactId: number;
  contactName: string;
  method: 'email' | 'sms' | 'voice';
  address: string;
  afterhours: boolean;
  criticalAfterhours: boolean;
};

/** One message to plan: to whom, how long after the transition, and at which roster step. */
export type PlannedMessage = {
  recipient: Recipient;
  offsetMs: number;
  step: number | null;
  kind: NotificationKind;
};

/**
 * The messages a transition plans, before quiet hours: the alarm's own notifications at once,
 * and with `roster` each step of the site's roster after its wait, the reminder rounds after it.
 */
export async function planRecipients(
  tx: Database,
  context: AlarmContext,
  input: { kind: NotificationKind; roster: boolean },
): Promise<PlannedMessage[]> {
  const { alarm, site } = context;
  const planned: PlannedMessage[] = [];
  if (alarm.notifications.length > 0) {
    const direct = await contactWaysByIds(tx, site.id, alarm.notifications);
    for (const recipient of direct)
      planned.push({ recipient, offsetMs: 0, step: null, kind: input.kind });
  }
  if (input.roster) {
    const row = await findSiteRoster(tx, site.id);
    const roster = row ? rosterSchema.safeParse(row.roster) : null;
    if (roster?.success && roster.data.steps.length > 0) {
      const contactIds = [...new Set(roster.data.steps.map((step) => step.contact))];
      const ways = await contactWaysOfContacts(tx, site.id, contactIds);
      for (const step of escalationPlan(roster.data)) {
        const recipient = ways.find(
          (w) => w.contactId === step.contact && w.method === step.method,
        );
        if (!recipient) continue;
        // The alarm's own notifications already tell this person at once.
        const duplicate = planned.some(
          (p) =>
            p.offsetMs === step.offsetMs && p.recipient.notificationId === recipient.notificationId,
        );
        if (duplicate) continue;
        planned.push({
          recipient,
          offsetMs: step.offsetMs,
          step: step.step,
          kind: step.round === 0 ? input.kind : 'reminder',
        });
      }
    }
  }
  return planned;
}
