/**
 * A demo site's contacts: the demo accounts' and the growers', each with the ways they are told
 * about alarms, and the site's escalation roster.
 */
import { schema as t, type Transaction } from '@paddock/server';
import type { DemoSite } from './demo-sites.ts';
import type { SiteContext } from './support.ts';

export type SiteContacts = {
  /** Every contact way that is told about the site's alarms. */
  notificationIds: number[];
  rosterSteps: { contact: number; method: 'sms' | 'voice' | 'email' }[];
};

export async function seedContacts(
  tx: Transaction,
  spec: DemoSite,
  ctx: SiteContext,
  site: { id: number },
): Promise<SiteContacts> {
  // People who are told about alarms: the demo accounts' contacts and the growers'.
  const notificationIds: number[] = [];
  /** Who the escalation roster calls on, in the order the site lists its people. */
  const rosterSteps: { contact: number; method: 'sms' | 'voice' | 'email' }[] = [];
  for (const contactSpec of spec.contacts) {
    const [contact] = await tx
      .insert(t.contacts)
      .values({
        siteId: site.id,
        userId: contactSpec.account ? ctx.accounts[contactSpec.account].id : null,
        name: contactSpec.name,
        company: contactSpec.company,
        locale: spec.country === 'nz' ? 'en-NZ' : 'en-AU',
      })
      .returning({ id: t.contacts.id });
    if (!contact) throw new Error('contact not inserted');
    const afterhours = contactSpec.afterhours ?? false;
    const ways = [
      contactSpec.email
        ? { method: 'email' as const, address: contactSpec.email, afterhours: false }
        : null,
      contactSpec.sms ? { method: 'sms' as const, address: contactSpec.sms, afterhours } : null,
      contactSpec.voice
        ? { method: 'voice' as const, address: contactSpec.voice, afterhours }
        : null,
    ].filter((way) => way !== null);
    if (ways.length === 0) continue;
    const rows = await tx
      .insert(t.contactNotifications)
      .values(ways.map((way) => ({ contactId: contact.id, ...way, active: true })))
      .returning({ id: t.contactNotifications.id });
    // The demo monitor only watches; everyone else is told.
    if (contactSpec.account !== 'monitor') {
      notificationIds.push(...rows.map((row) => row.id));
      const way = ways.find((w) => w.method === 'voice') ?? ways.find((w) => w.method === 'sms');
      if (way) rosterSteps.push({ contact: contact.id, method: way.method });
    }
  }
  // Escalation (ours): the people with a phone in turn, ten minutes each, twice more after that.
  await tx.insert(t.siteRosters).values({
    siteId: site.id,
    roster: {
      steps: rosterSteps.slice(0, 3).map((step) => ({ ...step, waitMinutes: 10 })),
      repeat: 2,
      repeatMinutes: 30,
    },
  });
  return { notificationIds, rosterSteps };
}
